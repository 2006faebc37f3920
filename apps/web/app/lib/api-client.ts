import type { ContactInput, LeadKind, QuotationInput, ValidationErrorBody } from "@site/contracts";

/**
 * Base URLs of the two lead services, fixed at build time: VITE_CONTACT_API_URL and
 * VITE_QUOTATION_API_URL, or the defaults of @site/site-policy, without a trailing slash
 * (build-steps/build-settings.ts, injected by vite.config.ts).
 */
const apiBaseUrls: Readonly<Record<LeadKind, string>> = __SERVICE_URLS__;

/** The base URL of the service that takes `kind` (its POST and its proof-of-work challenge). */
export const serviceUrl = (kind: LeadKind) => apiBaseUrls[kind];

export const leadEndpoint = (kind: LeadKind) => `${serviceUrl(kind)}/${kind}`;

export type LeadPayload<K extends LeadKind> = K extends "contact" ? ContactInput : QuotationInput;

export type LeadResult =
  | { ok: true; status: number; body?: unknown }
  /**
   * A non-2xx answer; `fields` holds per-field messages when the service answered 400 with them,
   * `body` the JSON answer when there is one.
   */
  | { ok: false; status: number; fields?: Record<string, string[]>; body?: unknown };

/**
 * No answer reached the page (offline, connection refused, CORS refusal). fetch rejects then with a
 * TypeError whose text is each engine's own ("Failed to fetch", "NetworkError when attempting to
 * fetch resource.", "Load failed"); the original is kept as `cause`.
 */
export class ServiceUnreachableError extends Error {
  override name = "ServiceUnreachableError";
}

/**
 * POSTs a lead as JSON with its Idempotency-Key. Resolves with the outcome of any HTTP answer (only the
 * status decides success); rejects only when no answer arrived: with ServiceUnreachableError, or with
 * the AbortError of an aborted request.
 */
export async function submitLead<K extends LeadKind>(
  kind: K,
  payload: LeadPayload<K>,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<LeadResult> {
  const res = await fetch(leadEndpoint(kind), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "Idempotency-Key": idempotencyKey,
    },
    body: JSON.stringify(payload),
    signal,
  }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    throw new ServiceUnreachableError(`The ${kind} service could not be reached`, { cause: error });
  });
  if (res.ok) return { ok: true, status: res.status };
  return {
    ok: false,
    status: res.status,
    fields: res.status === 400 ? await readFieldErrors(res) : undefined,
  };
}

async function readFieldErrors(res: Response): Promise<Record<string, string[]> | undefined> {
  try {
    const body = (await res.json()) as Partial<ValidationErrorBody> | null;
    const fields = body?.fields;
    if (!fields || typeof fields !== "object") return undefined;
    const out: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(fields)) {
      if (Array.isArray(messages)) out[key] = messages.filter((m): m is string => typeof m === "string");
    }
    return out;
  } catch {
    return undefined;
  }
}
