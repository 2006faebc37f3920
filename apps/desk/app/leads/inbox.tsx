import { inboxAnswerSchema, type LeadRow } from "@site/contracts/desk";
import { Download, Inbox as InboxIcon } from "lucide-react";
import { useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { InboxFilters } from "./inbox-filters";
import { LeadTable, type LeadTableHandle } from "./lead-table";
import { StatusTabs } from "./status-tabs";
import { buttonSecondary, card } from "~/components/ui";
import { api, ApiError } from "~/lib/api";
import { filtersFromUrl, inboxApiPath, inboxExportPath } from "./filters";
import { countOf } from "~/lib/format";
import { useShortcuts } from "~/lib/use-shortcut";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = () => [{ title: "Inbox · Lead desk" }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const filters = filtersFromUrl(search);
  const answer = await api(inboxAnswerSchema, inboxApiPath(filters), { signal: request.signal });
  // Set by a lead page after an erasure: said once here, where the person lands.
  const erased = /^\d+$/.test(search.get("erased") ?? "") ? Number(search.get("erased")) : null;
  return { filters, answer, erased };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  // A new set of filters starts a new list (and forgets the pages loaded with "Show more").
  return <InboxList key={useLocation().search} {...loaderData} />;
}

function InboxList({ filters, answer, erased }: Route.ComponentProps["loaderData"]) {
  const navigation = useNavigation();
  const table = useRef<LeadTableHandle>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [more, setMore] = useState<{ leads: LeadRow[]; cursor: string | null }>({
    leads: [],
    cursor: answer.nextCursor,
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leads = [...answer.leads, ...more.leads];
  const shown = filters.status ? answer.counts[filters.status as keyof typeof answer.counts] : undefined;
  const total = shown ?? Object.values(answer.counts).reduce((a, b) => a + b, 0);

  useShortcuts((key) => {
    if (key === "/") searchRef.current?.focus();
    else if (key === "j" || key === "ArrowDown") table.current?.move(1);
    else if (key === "k" || key === "ArrowUp") table.current?.move(-1);
    else return false;
    return true;
  });

  async function showMore() {
    if (!more.cursor) return;
    setLoading(true);
    setError(null);
    try {
      const page = await api(inboxAnswerSchema, inboxApiPath(filters, more.cursor));
      setMore((m) => ({ leads: [...m.leads, ...page.leads], cursor: page.nextCursor }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The next leads could not be loaded.");
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Inbox</h1>
        <div className="flex items-center gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {navigation.state === "loading" ? "Updating…" : countOf(total, "lead")}
          </p>
          <a href={inboxExportPath(filters)} download className={buttonSecondary}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        </div>
      </div>
      {erased !== null ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900"
        >
          Erased {countOf(erased, "lead")} and everything stored with them.
        </p>
      ) : null}
      <StatusTabs counts={answer.counts} current={filters.status} />
      <div className={`p-3 sm:p-4 ${card}`}>
        <InboxFilters searchRef={searchRef} />
      </div>
      <div className={`overflow-hidden ${card}`} aria-busy={navigation.state === "loading"}>
        {leads.length ? (
          <LeadTable ref={table} leads={leads} caption="Leads, newest first" />
        ) : (
          <div className="flex flex-col items-center gap-2 px-4 py-16 text-center text-slate-600">
            <InboxIcon aria-hidden="true" className="size-8 text-slate-400" />
            <p className="font-medium text-slate-800">No leads match these filters.</p>
            <p className="text-sm">Leads sent from the website's contact and quote forms appear here.</p>
          </div>
        )}
      </div>
      <div className="flex flex-col items-center gap-2">
        {more.cursor ? (
          <button type="button" className={buttonSecondary} onClick={showMore} disabled={loading}>
            {loading ? "Loading…" : "Show more"}
          </button>
        ) : leads.length ? (
          <p className="text-sm text-slate-600">That is every lead under these filters.</p>
        ) : null}
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      </div>
    </div>
  );
}
