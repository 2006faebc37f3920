import {
  availabilityAnswerSchema,
  type MemberAvailability,
  WEEKDAYS,
  type WeekHours,
} from "@site/contracts/desk";
import { OFFICES } from "@site/contracts/consultation";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonPrimary, buttonSecondary, card, fieldControl, fieldLabel } from "~/components/ui";
import { api, ApiError } from "~/lib/api";

const DAY_NAMES = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** One member's zone, whether they take consultations, their hours per weekday and their days off. */
export function MemberForm({ member }: { member: MemberAvailability }) {
  const id = useId();
  const revalidator = useRevalidator();
  const [zone, setZone] = useState(member.zone);
  const [takes, setTakes] = useState(member.takesConsultations);
  const [hours, setHours] = useState<WeekHours>(member.hours);
  const [daysOff, setDaysOff] = useState(member.daysOff);
  const [newDay, setNewDay] = useState("");
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();
  async function save() {
    try {
      await api(availabilityAnswerSchema, `/api/consultations/members/${member.id}`, {
        method: "PUT",
        // A time field cannot show 24:00 (the end of a day): it shows 23:59, which means 24:00.
        body: {
          zone,
          takesConsultations: takes,
          hours: Object.fromEntries(
            Object.entries(hours).map(([d, h]) => [
              d,
              h && { ...h, end: h.end === "23:59" ? "24:00" : h.end },
            ]),
          ),
          daysOff,
        },
      });
      setSaid({ ok: true, text: "Saved." });
      await revalidator.revalidate();
    } catch (err) {
      setSaid({ ok: false, text: err instanceof ApiError ? err.message : "Not saved." });
    }
  }
  return (
    <section aria-labelledby={`${id}-name`} className={`space-y-4 p-4 ${card}`}>
      <h3 id={`${id}-name`} className="font-semibold">
        {member.name} <span className="text-sm font-normal break-all text-slate-600">{member.email}</span>
      </h3>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={takes}
            onChange={(e) => setTakes(e.target.checked)}
            className="size-4"
          />
          Takes consultations
        </label>
        <div>
          <label htmlFor={`${id}-zone`} className={fieldLabel}>
            Time zone
          </label>
          <select
            id={`${id}-zone`}
            className={fieldControl}
            value={zone}
            onChange={(e) => setZone(e.target.value as typeof zone)}
          >
            {OFFICES.map((o) => (
              <option key={o.zone} value={o.zone}>
                {o.label} ({o.zone})
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="max-w-full overflow-x-auto">
        <table className="text-sm">
          <caption className="sr-only">Working hours of {member.name}</caption>
          <tbody>
            {WEEKDAYS.map((d) => {
              const h = hours[d];
              return (
                // Every row as tall as one with its times, so each "Works" box keeps 24 px clear
                // around it (WCAG 2.2 target size) on a day off too.
                <tr key={d} className="h-11">
                  <th scope="row" className="pr-3 text-left font-medium">
                    {DAY_NAMES[d]}
                  </th>
                  <td className="pr-3">
                    <label className="flex items-center gap-1">
                      <input
                        type="checkbox"
                        checked={h !== null}
                        onChange={(e) =>
                          setHours({
                            ...hours,
                            [d]: e.target.checked ? { start: "09:00", end: "18:00" } : null,
                          })
                        }
                        className="size-4"
                      />
                      Works
                    </label>
                  </td>
                  {h ? (
                    <>
                      <td className="pr-2">
                        <input
                          aria-label={`${DAY_NAMES[d]} from`}
                          type="time"
                          step={900}
                          value={h.start}
                          className={fieldControl}
                          onChange={(e) => setHours({ ...hours, [d]: { ...h, start: e.target.value } })}
                        />
                      </td>
                      <td>
                        <input
                          aria-label={`${DAY_NAMES[d]} until`}
                          type="time"
                          step={900}
                          value={h.end === "24:00" ? "23:59" : h.end}
                          className={fieldControl}
                          onChange={(e) => setHours({ ...hours, [d]: { ...h, end: e.target.value } })}
                        />
                      </td>
                    </>
                  ) : (
                    <td colSpan={2} className="text-slate-600">
                      Off
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div>
        <p className={fieldLabel}>Days off</p>
        <ul className="mt-1 flex flex-wrap gap-2">
          {daysOff.map((day) => (
            <li key={day} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-1 text-sm">
              {day}
              <button
                type="button"
                className="text-brand-700 underline"
                onClick={() => setDaysOff(daysOff.filter((x) => x !== day))}
              >
                remove<span className="sr-only"> {day}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-2 flex items-end gap-2">
          <input
            aria-label="Day off to add"
            type="date"
            value={newDay}
            onChange={(e) => setNewDay(e.target.value)}
            className={fieldControl}
          />
          <button
            type="button"
            className={buttonSecondary}
            disabled={!newDay}
            onClick={() => {
              setDaysOff([...new Set([...daysOff, newDay])].sort());
              setNewDay("");
            }}
          >
            Add day off
          </button>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <button type="button" className={buttonPrimary} onClick={save}>
          Save {member.name}
        </button>
        <p role="status" className={`text-sm ${said?.ok === false ? "text-red-800" : "text-slate-700"}`}>
          {said?.text}
        </p>
      </div>
    </section>
  );
}
