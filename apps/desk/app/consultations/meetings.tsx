import { meetingsAnswerSchema } from "@site/contracts/desk";
import { Link } from "react-router";
import { focusRing } from "~/components/ui";
import { api } from "~/lib/api";
import type { Route } from "./+types/meetings";
import { MeetingCard } from "./meeting-card";
import { dateIn, dayLabel, viewerZone } from "./time";

export const meta: Route.MetaFunction = () => [{ title: "Consultations · Lead desk" }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return api(meetingsAnswerSchema, "/api/consultations", { signal: request.signal });
}

/** Upcoming meetings by day (the reader's days, today first) and, within a day, by member. */
export default function Meetings({ loaderData }: Route.ComponentProps) {
  const zone = viewerZone();
  const today = dateIn(new Date().toISOString(), zone);
  const days = new Map<string, typeof loaderData.meetings>();
  for (const m of loaderData.meetings) {
    const day = dateIn(m.start, zone);
    if (day < today || Date.parse(m.end) < Date.now()) continue;
    days.set(day, [...(days.get(day) ?? []), m]);
  }
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Consultations</h1>
          <p className="text-sm text-slate-600">
            Upcoming meetings booked on the site, in your time zone ({zone}).
          </p>
        </div>
        <Link
          to="/consultations/availability"
          className={`rounded text-sm font-medium text-brand-700 hover:underline ${focusRing}`}
        >
          Hours, days off and settings
        </Link>
      </header>
      {days.size === 0 ? <p className="text-slate-700">No upcoming consultations.</p> : null}
      {[...days].map(([day, meetings]) => {
        const members = [...new Set(meetings.map((m) => m.member.name))].sort();
        return (
          <section key={day} aria-labelledby={`day-${day}`} className="space-y-3">
            <h2 id={`day-${day}`} className="text-base font-semibold">
              {day === today ? `Today, ${dayLabel(day)}` : dayLabel(day)}
            </h2>
            {members.map((name) => (
              <div key={name} className="space-y-2">
                <h3 className="text-sm font-medium text-slate-700">{name}</h3>
                {meetings
                  .filter((m) => m.member.name === name)
                  .map((m) => (
                    <MeetingCard key={m.leadId} meeting={m} />
                  ))}
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}
