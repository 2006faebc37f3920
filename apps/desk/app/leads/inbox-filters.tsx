import { QUOTATION_SERVICES, STORED_LEAD_KINDS } from "@site/contracts";
import { LEAD_KIND_LABELS, SEARCH_MAX } from "@site/contracts/desk";
import { ChevronDown, Search, SlidersHorizontal, X } from "lucide-react";
import { type RefObject, useEffect, useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useDesk } from "~/lib/desk-context";
import { type FilterKey, withFilter } from "./filters";
import { buttonSecondary, fieldControl, fieldLabel } from "~/components/ui";

function Select(props: {
  label: string;
  name: FilterKey;
  value: string;
  options: [string, string][];
  onChange: (key: FilterKey, value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(props.name, e.target.value)}
        className={`mt-1 ${fieldControl}`}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The inbox's search and filters. Every change replaces the URL (so a view can be shared and the back
 * button leaves the inbox rather than undoing each keystroke); the search waits for a pause in typing.
 */
export function InboxFilters({ searchRef }: { searchRef: RefObject<HTMLInputElement | null> }) {
  const { members } = useDesk();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [q, setQ] = useState(search.get("q") ?? "");
  const searchId = useId();
  const set = (key: FilterKey, value: string) =>
    navigate(withFilter(search, key, value), { replace: true, preventScrollReset: true });

  useEffect(() => {
    if (q.trim() === (search.get("q") ?? "")) return;
    const t = setTimeout(() => set("q", q.trim()), 250);
    return () => clearTimeout(t);
    // Only a change of the typed text starts the debounce (set and search change on every navigation).
  }, [q]);

  const value = (k: FilterKey) => search.get(k) ?? "";
  const active = [...search.keys()].some((k) => k !== "status");
  // On a phone the filters other than the search fold away behind a button, open while any is set.
  const setCount = [...search.keys()].filter((k) => k !== "status" && k !== "q").length;
  const [open, setOpen] = useState(setCount > 0);
  const panelId = useId();
  return (
    <section aria-label="Inbox filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-12 lg:items-end">
      <div className="sm:col-span-2 lg:col-span-4">
        <label htmlFor={searchId} className={fieldLabel}>
          Search
        </label>
        <div className="relative mt-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-2.5 size-4 text-slate-500"
          />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={q}
            maxLength={SEARCH_MAX}
            placeholder="Name, e-mail, company, phone, text…"
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") e.currentTarget.blur();
            }}
            aria-keyshortcuts="/"
            className={`${fieldControl} pl-9`}
          />
        </div>
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={`${buttonSecondary} justify-between sm:hidden`}
      >
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters{setCount > 0 ? ` (${setCount} set)` : ""}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <div id={panelId} className={`${open ? "grid gap-3" : "hidden"} sm:contents`}>
        <div className="lg:col-span-2">
          <Select
            label="Kind"
            name="kind"
            value={value("kind")}
            onChange={set}
            options={[
              ["", "All kinds"],
              ...STORED_LEAD_KINDS.map((k): [string, string] => [k, LEAD_KIND_LABELS[k]]),
            ]}
          />
        </div>
        <div className="lg:col-span-2">
          <Select
            label="Service"
            name="service"
            value={value("service")}
            onChange={set}
            options={[
              ["", "All services"],
              ...QUOTATION_SERVICES.map((s): [string, string] => [s.value, s.label]),
            ]}
          />
        </div>
        <div className="lg:col-span-2">
          <Select
            label="Assignee"
            name="assignee"
            value={value("assignee")}
            onChange={set}
            options={[
              ["", "Anyone"],
              ["me", "Me"],
              ["none", "Nobody"],
              ...members.map((m): [string, string] => [m.id, m.name]),
            ]}
          />
        </div>
        <div className="lg:col-span-2">
          <Select
            label="Spam"
            name="spam"
            value={value("spam")}
            onChange={set}
            options={[
              ["", "Without spam"],
              ["only", "Spam only"],
              ["include", "With spam"],
            ]}
          />
        </div>
        <DateRange value={value} set={set} />
      </div>
      {active ? (
        <div className="sm:col-span-2 lg:col-span-12">
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => {
              setQ("");
              navigate(search.get("status") ? `/?status=${search.get("status")}` : "/", { replace: true });
            }}
          >
            <X aria-hidden="true" className="size-4" />
            Clear filters
          </button>
        </div>
      ) : null}
    </section>
  );
}

function DateRange({
  value,
  set,
}: {
  value: (k: FilterKey) => string;
  set: (k: FilterKey, v: string) => void;
}) {
  const fromId = useId();
  const toId = useId();
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-12 lg:max-w-md">
      <legend className="sr-only">Received between (UTC days)</legend>
      <div>
        <label htmlFor={fromId} className={fieldLabel}>
          Received from
        </label>
        <input
          id={fromId}
          type="date"
          value={value("from")}
          max={value("to") || undefined}
          onChange={(e) => set("from", e.target.value)}
          className={`mt-1 ${fieldControl}`}
        />
      </div>
      <div>
        <label htmlFor={toId} className={fieldLabel}>
          Received to
        </label>
        <input
          id={toId}
          type="date"
          value={value("to")}
          min={value("from") || undefined}
          onChange={(e) => set("to", e.target.value)}
          className={`mt-1 ${fieldControl}`}
        />
      </div>
    </fieldset>
  );
}
