import { OFFICES } from "@site/contracts/consultation";
import { Globe } from "lucide-react";
import { useId, useState } from "react";
import { consultation } from "@site/content/data/consultation";
import { knownZones, zoneName } from "~/lib/zone-format";

const chip = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    active
      ? "border-brand-700 bg-brand-700 text-white"
      : "border-slate-400 bg-white text-ink hover:bg-slate-50"
  }`;

/** Names the zone the times are shown in; the visitor's own, London and Colombo are one click away. */
export function ZonePicker({
  zone,
  own,
  onChange,
}: {
  zone: string;
  own: string;
  onChange: (z: string) => void;
}) {
  const selectId = useId();
  // Every zone the browser knows (some 400) only once the list is wanted: none is drawn at load.
  const [all, setAll] = useState(false);
  const quick = [
    ...new Map([[own, consultation.zone.own], ...OFFICES.map((o) => [o.zone, o.label] as const)]),
  ];
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" aria-live="polite">
        <Globe aria-hidden="true" className="size-4 text-brand-700" />
        {consultation.zone.lead}{" "}
        <strong className="font-semibold text-ink" data-zone={zone}>
          {zoneName(zone)} time ({zone})
        </strong>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {quick.map(([z, label]) => (
          <button
            key={z}
            type="button"
            className={chip(z === zone)}
            aria-pressed={z === zone}
            onClick={() => onChange(z)}
          >
            {z === own && label === consultation.zone.own ? `${zoneName(z)} (${label})` : label}
          </button>
        ))}
        <label htmlFor={selectId} className="sr-only">
          {consultation.zone.change}
        </label>
        <select
          id={selectId}
          value={zone}
          onChange={(e) => onChange(e.target.value)}
          onFocus={() => setAll(true)}
          onPointerDown={() => setAll(true)}
          className="min-h-11 max-w-full rounded-lg border border-slate-500 bg-white px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {(all ? knownZones(own) : [...new Set([zone, own, ...OFFICES.map((o) => o.zone)])]).map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, " ")}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
