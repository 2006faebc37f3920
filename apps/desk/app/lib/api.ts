import { redirect } from "react-router";
import type { z } from "zod";

/** An answer of the desk API other than 2xx, with its error code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** Where a signed-out person goes, then comes back to `back`. */
export function signInUrl(back: string): string {
  return back === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(back)}`;
}

function currentPath(): string {
  return typeof window === "undefined" ? "/" : window.location.pathname + window.location.search;
}

/**
 * Calls the desk API on its own origin (the session cookie goes along by itself) and checks the
 * answer against its contract. A 401 (the session ended: idle, expired, signed out elsewhere or the
 * member removed) throws a redirect to the sign-in page, which loaders and actions follow.
 */
export async function api<S extends z.ZodType>(
  schema: S,
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  const res = await fetch(path, {
    method: init.method ?? "GET",
    headers: init.body === undefined ? {} : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
    credentials: "same-origin",
  });
  if (res.status === 401 && !path.startsWith("/api/sign-in") && !path.startsWith("/api/enrol")) {
    throw redirect(signInUrl(currentPath()));
  }
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const e = (body ?? {}) as { error?: string; message?: string; fields?: Record<string, string[]> };
    const message = e.message ?? (e.fields ? Object.values(e.fields).flat().join(" ") : `HTTP ${res.status}`);
    throw new ApiError(res.status, e.error ?? "error", message, e.fields);
  }
  return schema.parse(body);
}
