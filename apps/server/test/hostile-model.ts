import { fieldErrors, type LeadKind, leadSchemas, LIMITS } from "@site/contracts";
import { bodyLimitOf } from "../src/platform/http/body-limit";
import { bodyBytes, type HostileRequest } from "./hostile-input";

/**
 * What the lead services must answer to a generated request and what they must store, worked out
 * from the rules of docs/lead-services.md and the contract's schema alone, without the services' code.
 */

/** The row a lead must be stored as (column names and values as the tests read them back). */
export interface ExpectedRow {
  id: string;
  kind: LeadKind;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  service: string | null;
  message: string | null;
  details: string | null;
  is_spam: number;
  created_at: string;
  /** 1: no proof-of-work solution came with it (the generated bodies carry none). */
  unverified: number;
}

export type Expected =
  | { status: 201; replayOf?: string; row?: Omit<ExpectedRow, "id">; key?: IdemEntry & { scope: string } }
  | { status: 204 }
  | { status: 400; error: "validation_failed"; fields: string[] }
  | { status: number; error: string };

interface IdemEntry {
  /** The validated body, as the key is bound to it. */
  body: string;
  id?: string;
}

/** Each service's body limit: the contract's largest body (platform/http/body-limit.ts). */
const BODY_LIMIT = {
  contact: bodyLimitOf(leadSchemas.contact).bytes,
  quotation: bodyLimitOf(leadSchemas.quotation).bytes,
};

const SINGLE_LINE = ["name", "email", "phone", "company"] as const;
const MULTI_LINE = ["message", "details"] as const;

/** Why a character may not be in a field, by docs/lead-services.md's rules, written apart from the schema. */
function refusal(cp: number, singleLine: boolean): string | undefined {
  if (cp === 0x09) return undefined;
  if (cp === 0x0a || cp === 0x0d) return singleLine ? "a line break" : undefined;
  if (cp < 0x20 || cp === 0x7f) return "a C0 control or DEL";
  if (cp >= 0x80 && cp <= 0x9f) return "a C1 control";
  if (cp >= 0xd800 && cp <= 0xdfff) return "a lone surrogate";
  if (singleLine && (cp === 0x2028 || cp === 0x2029)) return "a line separator";
  if (singleLine && ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)))
    return "a bidi control";
  return undefined;
}

/** What an accepted lead breaks of docs/lead-services.md's rules on stored text ([] when nothing). */
export function readmeViolations(lead: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of [...SINGLE_LINE, ...MULTI_LINE]) {
    const v = lead[field];
    if (v === undefined) continue;
    if (typeof v !== "string") {
      out.push(`${field} is not a string`);
      continue;
    }
    if (v !== v.trim() || v === "") out.push(`${field} is not trimmed or is empty`);
    // Bounds count characters as Unicode code points (so 🦄 is one), as docs/lead-services.md says.
    if ([...v].length > LIMITS[field]) out.push(`${field} is longer than ${LIMITS[field]} code points`);
    // for…of walks code points: a surrogate seen alone here is a lone one.
    for (const ch of v) {
      const why = refusal(ch.codePointAt(0)!, (SINGLE_LINE as readonly string[]).includes(field));
      if (why) out.push(`${field} holds ${why} (U+${ch.codePointAt(0)!.toString(16).padStart(4, "0")})`);
    }
  }
  return out;
}

/** Parses bytes as docs/lead-services.md says a body is read: UTF-8 (a BOM is dropped), then JSON. */
export function parseJson(bytes: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(new TextDecoder("utf-8").decode(bytes)) };
  } catch {
    return { ok: false };
  }
}

export class LeadModel {
  /** Idempotency keys remembered per service, as "kind key". */
  private readonly keys = new Map<string, IdemEntry>();
  readonly rows = new Map<string, ExpectedRow>();
  /** Where the contract itself let through what docs/lead-services.md refuses (the property expects none). */
  readonly violations: string[] = [];

  constructor(private readonly now: Date) {}

  get keyCount() {
    return this.keys.size;
  }

  expect(req: HostileRequest): Expected {
    if (req.method === "OPTIONS") {
      if (req.origin.value === undefined || req.origin.value === "" || req.requestMethod === undefined) {
        return { status: 400, error: "bad_request" };
      }
      return { status: 204 };
    }
    if (req.method !== "POST") {
      return req.otherPath
        ? { status: 404, error: "not_found" }
        : { status: 405, error: "method_not_allowed" };
    }
    if (!req.contentType.ok) return { status: 415, error: "unsupported_media_type" };
    if (!req.origin.ok) return { status: 403, error: "origin_not_allowed" };
    const bytes = bodyBytes(req.text, req.encoding);
    if (bytes.length > BODY_LIMIT[req.service]) return { status: 413, error: "payload_too_large" };
    const parsed = parseJson(bytes);
    if (!parsed.ok) return { status: 400, error: "invalid_json" };
    if (!req.idempotencyKey.ok) return { status: 400, error: "invalid_idempotency_key" };
    const result = leadSchemas[req.service].safeParse(parsed.value);
    if (!result.success) {
      const fields = Object.keys(fieldErrors(result.error)).sort();
      // docs/lead-services.md: a filled honeypot gets the same 201 as an empty one; it is never the
      // reason for a 400.
      if (fields.includes("website"))
        this.violations.push(`the honeypot was refused: ${req.text.slice(0, 200)}`);
      return { status: 400, error: "validation_failed", fields };
    }
    this.violations.push(...readmeViolations(result.data));
    const body = JSON.stringify(result.data);
    const key = req.idempotencyKey.value;
    const scope = `${req.service} ${String(key)}`;
    const known = typeof key === "string" ? this.keys.get(scope) : undefined;
    if (known && known.body !== body) return { status: 422, error: "idempotency_key_reused" };
    if (known) return { status: 201, replayOf: known.id };
    const out = result.data as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    return {
      status: 201,
      row: {
        kind: req.service,
        name: out.name as string,
        email: out.email as string,
        phone: out.phone as string,
        company: text(out.company),
        service: text(out.service),
        message: text(out.message),
        details: text(out.details),
        is_spam: out.website === true ? 1 : 0,
        created_at: this.now.toISOString(),
        unverified: 1,
      },
      ...(typeof key === "string" ? { key: { scope, body } } : {}),
    };
  }

  /** Records a new lead the service answered 201 with `id`. */
  accepted(expected: Expected, id: string) {
    if (expected.status !== 201 || !("row" in expected) || !expected.row) return;
    this.rows.set(id, { id, ...expected.row });
    if (expected.key) this.keys.set(expected.key.scope, { body: expected.key.body, id });
  }
}
