import { dashboardAnswerSchema, DASHBOARD_WEEKS } from "@site/contracts/desk";
import { ChannelHealth } from "./channel-health";
import { LeadsPerWeek, OpenByStatus, QuotesByService } from "./charts";
import { card } from "~/components/ui";
import { api } from "~/lib/api";
import { countOf, formatDuration } from "~/lib/format";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Lead desk" }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return api(dashboardAnswerSchema, "/api/dashboard", { signal: request.signal });
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className={`p-4 sm:p-5 ${card}`}>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-semibold tabular-nums tracking-tight">{value}</p>
      <p className="mt-1 text-xs text-slate-600">{note}</p>
    </div>
  );
}

export default function Dashboard({ loaderData: d }: Route.ComponentProps) {
  const received = d.weeks.reduce((n, w) => n + w.contact + w.quotation + w.consultation, 0);
  const open = d.open.reduce((n, o) => n + o.count, 0);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Dashboard</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          label="Received"
          value={received.toLocaleString("en-GB")}
          note={`Last ${DASHBOARD_WEEKS} weeks, spam left out`}
        />
        <Figure label="Open" value={open.toLocaleString("en-GB")} note="New, contacted or qualified" />
        <Figure
          label="First response (median)"
          value={d.firstResponse.medianMs === null ? "—" : formatDuration(d.firstResponse.medianMs)}
          note={
            d.firstResponse.leads
              ? `Arrival to first status change, over ${countOf(d.firstResponse.leads, "lead")}`
              : "No lead of these weeks has changed status yet"
          }
        />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <LeadsPerWeek weeks={d.weeks} />
        <QuotesByService services={d.services} />
        <OpenByStatus open={d.open} />
        <ChannelHealth channels={d.channels} />
      </div>
    </div>
  );
}
