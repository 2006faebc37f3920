import type { StoredLeadKind } from "@site/contracts";
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS, type LeadStatus } from "@site/contracts/desk";

/** Each status's colours (text on tint, at least 4.5:1). */
const STATUS_STYLES: Record<LeadStatus, string> = {
  new: "bg-brand-100 text-brand-800 ring-brand-200",
  contacted: "bg-amber-100 text-amber-900 ring-amber-200",
  qualified: "bg-violet-100 text-violet-900 ring-violet-200",
  won: "bg-emerald-100 text-emerald-900 ring-emerald-200",
  lost: "bg-slate-200 text-slate-800 ring-slate-300",
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[status]}`}
    >
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}

/** What an unverified lead's badge says on hover and to a screen reader. */
export const UNVERIFIED_HINT =
  "Sent without the browser's anti-spam check (a script, or JavaScript off): no confirmation was mailed to this address";

export function KindBadge({
  kind,
  spam,
  unverified,
}: {
  kind: StoredLeadKind;
  spam?: boolean;
  unverified?: boolean;
}) {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-700">
      {LEAD_KIND_LABELS[kind]}
      {spam ? (
        <span className="rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800">Spam</span>
      ) : null}
      {unverified ? (
        <span
          title={UNVERIFIED_HINT}
          className="rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900"
          data-unverified
        >
          Unverified
        </span>
      ) : null}
    </span>
  );
}
