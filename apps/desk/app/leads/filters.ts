import { type InboxQuery, inboxQuerySchema } from "@site/contracts/desk";

/** The inbox filters the URL may hold (the cursor is not one: pages load on request). */
const FILTER_KEYS = ["q", "status", "kind", "service", "assignee", "spam", "from", "to"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The inbox's filters from the page URL, validated by the API's own schema: a shared link with a
 * stale or mistyped value drops that value rather than failing the page.
 */
export function filtersFromUrl(search: URLSearchParams): Partial<Record<FilterKey, string>> {
  const out: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (!value) continue;
    const checked = inboxQuerySchema.shape[key].safeParse(value);
    if (checked.success && checked.data !== undefined) out[key] = String(checked.data);
  }
  if (out.spam === "exclude") delete out.spam;
  return out;
}

/** The API query for the filters (and a page cursor). */
export function inboxApiPath(filters: Partial<Record<FilterKey, string>>, cursor?: string): string {
  const params = new URLSearchParams(filters as InboxQuery as Record<string, string>);
  if (cursor) params.set("cursor", cursor);
  const qs = params.toString();
  return `/api/leads${qs ? `?${qs}` : ""}`;
}

/** The CSV download of every lead under the filters (all pages): the API's export, a plain link. */
export function inboxExportPath(filters: Partial<Record<FilterKey, string>>): string {
  const qs = new URLSearchParams(filters as Record<string, string>).toString();
  return `/api/leads/export.csv${qs ? `?${qs}` : ""}`;
}

/** The URL of the inbox with one filter changed ("" removes it). */
export function withFilter(search: URLSearchParams, key: FilterKey, value: string): string {
  const next = new URLSearchParams(search);
  if (value) next.set(key, value);
  else next.delete(key);
  const qs = next.toString();
  return qs ? `/?${qs}` : "/";
}
