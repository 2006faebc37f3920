import { availabilityAnswerSchema, type CompanySettings, type Holiday } from "@site/contracts/desk";
import { CONFIRM_WITHIN_MINUTES, OFFICES } from "@site/contracts/consultation";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { buttonPrimary, buttonSecondary, card, fieldControl, fieldLabel } from "~/components/ui";
import { api, ApiError } from "~/lib/api";

const NUMBERS: [keyof Omit<CompanySettings, "holidays" | "confirmEmail">, string, string][] = [
  ["slotMinutes", "Meeting length", "minutes"],
  ["bufferMinutes", "Buffer between meetings", "minutes"],
  ["noticeMinutes", "Minimum notice", "minutes"],
  ["horizonDays", "Bookable ahead", "days"],
  ["dailyCap", "Most meetings per member per day", "meetings"],
];

/** The company-wide settings and each office's public holidays. */
export function SettingsForm({ settings }: { settings: CompanySettings }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState(settings);
  const [holiday, setHoliday] = useState<Holiday>({ office: "london", date: "", name: "" });
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  async function save() {
    try {
      await api(availabilityAnswerSchema, "/api/consultations/settings", { method: "PUT", body: values });
      setSaid({ ok: true, text: "Saved." });
      await revalidator.revalidate();
    } catch (err) {
      setSaid({ ok: false, text: err instanceof ApiError ? err.message : "Not saved." });
    }
  }
  return (
    <section aria-labelledby="settings-title" className={`space-y-4 p-4 ${card}`}>
      <h2 id="settings-title" className="text-base font-semibold">
        Company settings
      </h2>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {NUMBERS.map(([key, label, unit]) => (
          <label key={key} className="text-sm">
            <span className={fieldLabel}>
              {label} ({unit})
            </span>
            <input
              type="number"
              min={0}
              value={values[key]}
              onChange={(e) => setValues({ ...values, [key]: Number(e.target.value) })}
              className={`mt-1 ${fieldControl}`}
            />
          </label>
        ))}
      </div>
      <div className="flex items-start gap-2 text-sm">
        <input
          id="confirm-email"
          type="checkbox"
          className="mt-1"
          aria-describedby="confirm-email-hint"
          checked={values.confirmEmail}
          onChange={(e) => setValues({ ...values, confirmEmail: e.target.checked })}
        />
        <div>
          <label htmlFor="confirm-email" className="font-medium">
            Visitors confirm their e-mail address
          </label>
          <p id="confirm-email-hint" className="text-slate-600">
            A booking waits for the link in the visitor&apos;s first e-mail and its time is held{" "}
            {CONFIRM_WITHIN_MINUTES} minutes; no invitation goes before. Off: a booking stands at once.
          </p>
        </div>
      </div>
      <div>
        <h3 className={fieldLabel}>Public holidays</h3>
        <ul className="mt-1 space-y-1 text-sm">
          {values.holidays.map((h) => (
            <li key={`${h.office}-${h.date}`} className="flex flex-wrap items-center gap-2">
              {h.date} · {OFFICES.find((o) => o.id === h.office)?.label} · {h.name}
              <button
                type="button"
                className="text-brand-700 underline"
                onClick={() => setValues({ ...values, holidays: values.holidays.filter((x) => x !== h) })}
              >
                remove<span className="sr-only"> {h.name}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <select
            aria-label="Office"
            className={`w-auto ${fieldControl}`}
            value={holiday.office}
            onChange={(e) => setHoliday({ ...holiday, office: e.target.value as Holiday["office"] })}
          >
            {OFFICES.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
          <input
            aria-label="Holiday date"
            type="date"
            className={`w-auto ${fieldControl}`}
            value={holiday.date}
            onChange={(e) => setHoliday({ ...holiday, date: e.target.value })}
          />
          <input
            aria-label="Holiday name"
            className={`w-auto ${fieldControl}`}
            value={holiday.name}
            placeholder="Name"
            onChange={(e) => setHoliday({ ...holiday, name: e.target.value })}
          />
          <button
            type="button"
            className={buttonSecondary}
            disabled={!holiday.date || !holiday.name.trim()}
            onClick={() => {
              setValues({
                ...values,
                holidays: [...values.holidays, holiday].sort((a, b) => a.date.localeCompare(b.date)),
              });
              setHoliday({ ...holiday, date: "", name: "" });
            }}
          >
            Add holiday
          </button>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <button type="button" className={buttonPrimary} onClick={save}>
          Save settings
        </button>
        <p role="status" className={`text-sm ${said?.ok === false ? "text-red-800" : "text-slate-700"}`}>
          {said?.text}
        </p>
      </div>
    </section>
  );
}
