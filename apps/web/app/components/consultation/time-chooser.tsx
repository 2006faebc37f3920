import { consultation } from "@site/content/data/consultation";
import type { SlotsState } from "~/lib/use-slots";
import { SlotPicker } from "./slot-picker";
import { ZonePicker } from "./zone-picker";

interface TimeChooserProps {
  zone: string | null;
  own: string | null;
  onZone: (zone: string) => void;
  slots: SlotsState;
  value: string;
  onChange: (start: string) => void;
  error?: string | undefined;
}

/** The zone the times are in, then the days and times free in it (booking and rescheduling alike). */
export function TimeChooser({ zone, own, onZone, slots, value, onChange, error }: TimeChooserProps) {
  return (
    <div className="space-y-6">
      {zone && own ? <ZonePicker zone={zone} own={own} onChange={onZone} /> : <div className="h-24" />}
      {/* Room for the days and times while they load, so the fields below do not move. */}
      <div
        aria-live="polite"
        aria-busy={slots.state === "loading"}
        className="min-h-[38rem] sm:min-h-[24rem]"
      >
        {!zone ? null : slots.state === "loading" ? (
          <p className="text-sm text-slate-700">{consultation.loading}</p>
        ) : slots.state === "failed" ? (
          <p className="text-sm font-medium text-red-700">{consultation.loadFailed}</p>
        ) : (
          <SlotPicker answer={slots.answer} value={value} onChange={onChange} error={error} />
        )}
      </div>
    </div>
  );
}
