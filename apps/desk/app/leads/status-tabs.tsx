import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from "@site/contracts/desk";
import { Link, useSearchParams } from "react-router";
import { withFilter } from "./filters";
import { focusRing } from "~/components/ui";

/** The counts per status at the top of the inbox; each one filters the list to that status. */
export function StatusTabs({ counts, current }: { counts: Record<LeadStatus, number>; current?: string }) {
  const [search] = useSearchParams();
  const total = LEAD_STATUSES.reduce((n, s) => n + counts[s], 0);
  const tabs: [value: string, label: string, count: number][] = [
    ["", "All", total],
    ...LEAD_STATUSES.map((s): [string, string, number] => [s, LEAD_STATUS_LABELS[s], counts[s]]),
  ];
  return (
    <nav aria-label="Leads by status">
      <ul className="flex flex-wrap gap-2">
        {tabs.map(([value, label, count]) => {
          const active = (current ?? "") === value;
          return (
            <li key={label}>
              <Link
                to={withFilter(search, "status", value)}
                aria-current={active ? "page" : undefined}
                className={`flex items-baseline gap-2 rounded-lg border px-3 py-2 text-sm ${focusRing} ${
                  active
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-200 bg-white text-slate-800 hover:border-slate-300"
                }`}
              >
                <span className="font-medium">{label}</span>
                <span className={`tabular-nums ${active ? "text-brand-100" : "text-slate-600"}`}>
                  {count.toLocaleString("en-GB")}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
