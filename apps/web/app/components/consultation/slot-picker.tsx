import type { SlotsAnswer } from "@site/contracts/consultation";
import { useEffect, useId, useState } from "react";
import { consultation } from "@site/content/data/consultation";
import { formatDayLabels } from "~/lib/format-date";
import { timeIn } from "~/lib/zone-format";

const option = (checked: boolean) =>
  `flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
    checked
      ? "border-brand-700 bg-brand-700 text-white"
      : "border-slate-400 bg-white text-ink hover:bg-slate-50"
  }`;

interface SlotPickerProps {
  answer: SlotsAnswer;
  /** The chosen slot's start (ISO), or "". */
  value: string;
  onChange: (start: string) => void;
  error?: string | undefined;
}

/** The next working days and, for the chosen one, its free slots: two radio groups. */
export function SlotPicker({ answer, value, onChange, error }: SlotPickerProps) {
  const errorId = useId();
  const withValue = answer.days.find((d) => d.slots.includes(value));
  const firstFree = answer.days.find((d) => d.slots.length > 0);
  const [day, setDay] = useState(withValue?.date ?? firstFree?.date ?? answer.days[0]?.date ?? "");
  useEffect(() => {
    if (!answer.days.some((d) => d.date === day)) setDay(firstFree?.date ?? answer.days[0]?.date ?? "");
  }, [answer, day, firstFree]);
  if (answer.days.length === 0) return <p className="text-sm text-slate-700">{consultation.noDays}</p>;
  const chosen = answer.days.find((d) => d.date === day);
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{consultation.days}</legend>
        <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-7">
          {answer.days.map((d) => {
            const labels = formatDayLabels(d.date);
            return (
              <label
                key={d.date}
                data-day={d.date}
                className={`${option(d.date === day)} flex-col text-center`}
              >
                <input
                  type="radio"
                  name="day"
                  value={d.date}
                  checked={d.date === day}
                  onChange={() => setDay(d.date)}
                  className="sr-only"
                  aria-label={`${labels.long}: ${d.slots.length ? `${d.slots.length} free` : "fully booked"}`}
                />
                <span aria-hidden="true">{labels.short}</span>
                <span aria-hidden="true" className="text-xs font-normal opacity-80">
                  {d.slots.length ? `${d.slots.length} free` : "Full"}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="text-sm font-semibold text-ink">
          {consultation.times}
          {chosen ? (
            <span className="font-normal text-slate-700">, {formatDayLabels(chosen.date).long}</span>
          ) : null}
        </legend>
        {chosen && chosen.slots.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{consultation.noTimes}</p>
        ) : (
          <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
            {chosen?.slots.map((s) => (
              <label key={s} data-slot={s} className={option(s === value)}>
                <input
                  type="radio"
                  name="start"
                  value={s}
                  checked={s === value}
                  onChange={() => onChange(s)}
                  className="sr-only"
                />
                {timeIn(s, answer.zone)}
              </label>
            ))}
          </div>
        )}
        {error ? (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
            <span className="sr-only">Error:</span> {error}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
