import type { LeadRow } from "@site/contracts/desk";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { forwardRef, useImperativeHandle, useRef, useState } from "react";
import { Link } from "react-router";
import { formatAge, formatDateTime } from "~/lib/format";
import { KindBadge, StatusBadge } from "./status-badge";
import { focusRing } from "~/components/ui";

const column = createColumnHelper<LeadRow>();

/** Columns; `meta.className` hides the secondary ones on narrow screens. */
const columns = [
  column.accessor("name", {
    header: "Lead",
    cell: ({ row: { original: l } }) => (
      <div className="min-w-0">
        <Link
          to={`/leads/${l.id}`}
          data-lead-link
          className={`block truncate rounded font-semibold text-ink hover:text-brand-700 ${focusRing}`}
        >
          {l.name}
        </Link>
        <div className="truncate text-xs text-slate-600">
          {l.company ? `${l.company} · ` : ""}
          {l.email}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 sm:hidden">
          <StatusBadge status={l.status} />
          <span>
            <KindBadge kind={l.kind} spam={l.spam} unverified={l.unverified} />
            {l.serviceLabel ? ` · ${l.serviceLabel}` : ""}
          </span>
        </div>
      </div>
    ),
  }),
  column.accessor("kind", {
    header: "Kind",
    meta: { className: "hidden sm:table-cell" },
    cell: ({ row: { original: l } }) => (
      <div>
        <KindBadge kind={l.kind} spam={l.spam} unverified={l.unverified} />
        {l.serviceLabel ? <div className="text-xs text-slate-600">{l.serviceLabel}</div> : null}
      </div>
    ),
  }),
  column.accessor("status", {
    header: "Status",
    // On a phone the status sits under the name.
    meta: { className: "hidden sm:table-cell" },
    cell: (c) => <StatusBadge status={c.getValue()} />,
  }),
  column.accessor("assignee", {
    header: "Assignee",
    meta: { className: "hidden md:table-cell" },
    cell: (c) => c.getValue()?.name ?? <span className="text-slate-500">—</span>,
  }),
  column.accessor("createdAt", {
    header: "Received",
    meta: { className: "text-right whitespace-nowrap" },
    cell: (c) => (
      <time dateTime={c.getValue()} title={formatDateTime(c.getValue())} className="text-sm text-slate-700">
        {formatAge(c.getValue())}
      </time>
    ),
  }),
];

export interface LeadTableHandle {
  /** Moves the focus to the next (+1) or previous (-1) lead's link. */
  move(step: 1 | -1): void;
}

/** The inbox list (TanStack Table): one row per lead, its name a link to the lead's page. */
export const LeadTable = forwardRef<LeadTableHandle, { leads: LeadRow[]; caption: string }>(
  function LeadTable({ leads, caption }, ref) {
    const body = useRef<HTMLTableSectionElement>(null);
    const [current, setCurrent] = useState(-1);
    const table = useReactTable({
      data: leads,
      columns,
      getCoreRowModel: getCoreRowModel(),
      getRowId: (l) => l.id,
    });

    useImperativeHandle(ref, () => ({
      move(step) {
        const links = [...(body.current?.querySelectorAll<HTMLAnchorElement>("a[data-lead-link]") ?? [])];
        if (links.length === 0) return;
        const at = links.findIndex((a) => a === document.activeElement);
        const next =
          at < 0 ? (step > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, at + step));
        links[next]!.focus();
        links[next]!.scrollIntoView({ block: "nearest" });
      },
    }));

    return (
      <table className="w-full table-fixed border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          <col />
          <col className="hidden w-40 sm:table-column" />
          <col className="hidden w-28 sm:table-column" />
          <col className="hidden w-36 md:table-column" />
          <col className="w-28" />
        </colgroup>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((h) => (
                <th
                  key={h.id}
                  scope="col"
                  className={`px-3 py-2 font-semibold ${(h.column.columnDef.meta as { className?: string })?.className ?? ""}`}
                >
                  {flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody ref={body} className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row, i) => (
            <tr
              key={row.id}
              onFocus={() => setCurrent(i)}
              className={`align-top hover:bg-slate-50 ${current === i ? "bg-brand-50/60" : ""}`}
            >
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={`px-3 py-3 ${(cell.column.columnDef.meta as { className?: string })?.className ?? ""}`}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  },
);
