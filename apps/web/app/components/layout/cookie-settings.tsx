import { useId, useState } from "react";

const optional = [
  {
    key: "analytics",
    label: "Analytics",
    description: "Help us understand which pages are useful, using aggregated statistics.",
  },
  {
    key: "advertisement",
    label: "Advertisement",
    description: "Let us measure how well our campaigns on other sites perform.",
  },
  {
    key: "functionality",
    label: "Functionality",
    description: "Remember choices such as your preferred contact details on forms.",
  },
] as const;

/**
 * The Cookie Settings panel (its own chunk). The spec says these checkboxes store nothing: they are
 * local state only, and we set no optional cookies whatever their state.
 */
export default function CookieSettings() {
  const [choices, setChoices] = useState<Record<string, boolean>>({});
  const baseId = useId();

  return (
    <fieldset className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Cookie preferences</legend>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <li className="flex gap-3">
          <input
            id={`${baseId}-necessary`}
            type="checkbox"
            checked
            disabled
            aria-describedby={`${baseId}-necessary-desc`}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <div className="text-sm">
            <label htmlFor={`${baseId}-necessary`} className="font-semibold text-ink">
              Necessary <span className="font-normal text-slate-600">(always active)</span>
            </label>
            <p id={`${baseId}-necessary-desc`} className="text-slate-600">
              Needed for the site to work, such as remembering this choice.
            </p>
          </div>
        </li>
        {optional.map((item) => (
          <li key={item.key} className="flex gap-3">
            <input
              id={`${baseId}-${item.key}`}
              type="checkbox"
              checked={choices[item.key] ?? false}
              onChange={(event) => setChoices((c) => ({ ...c, [item.key]: event.target.checked }))}
              aria-describedby={`${baseId}-${item.key}-desc`}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
            />
            <div className="text-sm">
              <label htmlFor={`${baseId}-${item.key}`} className="font-semibold text-ink">
                {item.label}
              </label>
              <p id={`${baseId}-${item.key}-desc`} className="text-slate-600">
                {item.description}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
