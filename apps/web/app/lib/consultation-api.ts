import { CONSULTATION_PATHS, type SlotsAnswer } from "@site/contracts/consultation";
import { type LeadResult, ServiceUnreachableError } from "./api-client";

/** The contact service's base URL (VITE_CONTACT_API_URL at build time): it takes the bookings too. */
export const bookingService = __SERVICE_URLS__.contact;
const base = bookingService;

async function call(
  path: string,
  init: RequestInit & { signal?: AbortSignal | undefined },
): Promise<Response> {
  return fetch(`${base}${path}`, { ...init, headers: { Accept: "application/json", ...init.headers } }).catch(
    (error: unknown) => {
      if (init.signal?.aborted) throw error;
      throw new ServiceUnreachableError("The booking service could not be reached", { cause: error });
    },
  );
}

/** The free slots, grouped by the days of `zone`; `token` when moving a meeting (its own time counts free). */
export async function fetchSlots(zone: string, token?: string, signal?: AbortSignal): Promise<SlotsAnswer> {
  const query = new URLSearchParams({ zone, ...(token ? { token } : {}) });
  const res = await call(`${CONSULTATION_PATHS.slots}?${query}`, { signal });
  if (!res.ok) throw new Error(`The free times could not be loaded (${res.status}).`);
  return (await res.json()) as SlotsAnswer;
}

/** POSTs JSON to one of the booking paths; any HTTP answer resolves, with its JSON body. */
export async function postBooking(
  path: string,
  payload: Record<string, unknown>,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<LeadResult> {
  const res = await call(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    },
    body: JSON.stringify(payload),
    signal,
  });
  const body: unknown = await res.json().catch(() => undefined);
  if (res.ok) return { ok: true, status: res.status, body };
  const fields = (body as { fields?: Record<string, string[]> } | undefined)?.fields;
  return { ok: false, status: res.status, fields: res.status === 400 ? fields : undefined, body };
}
