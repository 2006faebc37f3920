import { availabilityAnswerSchema } from "@site/contracts/desk";
import { Link } from "react-router";
import { focusRing } from "~/components/ui";
import { api } from "~/lib/api";
import type { Route } from "./+types/availability";
import { MemberForm } from "./member-form";
import { SettingsForm } from "./settings-form";

export const meta: Route.MetaFunction = () => [{ title: "Consultation hours · Lead desk" }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return api(availabilityAnswerSchema, "/api/consultations/availability", { signal: request.signal });
}

/** Every member's hours and days off, and the company's settings; every save is in the audit trail. */
export default function Availability({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <header>
        <Link
          to="/consultations"
          className={`rounded text-sm font-medium text-brand-700 hover:underline ${focusRing}`}
        >
          Consultations
        </Link>
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Hours, days off and settings</h1>
        <p className="text-sm text-slate-600">
          A slot is offered when at least one member who takes consultations is free; each change is recorded
          in the audit trail.
        </p>
      </header>
      <SettingsForm settings={loaderData.settings} />
      <section aria-labelledby="members-title" className="space-y-3">
        <h2 id="members-title" className="text-base font-semibold">
          Members
        </h2>
        {loaderData.members.map((m) => (
          <MemberForm key={m.id} member={m} />
        ))}
      </section>
    </div>
  );
}
