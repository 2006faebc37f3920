/**
 * What the consultation API must answer to a generated request (hostile-booking.ts), worked out from
 * docs/consultations.md's rules and the contract alone: the body's checks exactly; a time's refusals
 * that depend on the time alone exactly; for the rest (a slot taken meanwhile), the answers allowed.
 * It follows the meetings it saw booked, confirmed, moved and cancelled, and records as a violation
 * any acceptance a rule forbids (a third upcoming meeting of an address or a client, a second one on a
 * day). Times: the test's settings (4 h notice, 30 days ahead, 15-minute holds).
 */
import {
  bookingSchema,
  CONFIRM_WITHIN_MINUTES,
  rescheduleSchema,
  tokenBodySchema,
  UPCOMING_PER_ADDRESS,
} from "@site/contracts/consultation";
import { CHALLENGE_FIELD, type ChallengeRefusal, fieldErrors } from "@site/contracts";
import { bodyLimitOf } from "../src/platform/http/body-limit";
import { bodyBytes } from "./hostile-input";
import { CLIENTS, type BookingRequest } from "./hostile-booking";
import { parseJson, readmeViolations } from "./hostile-model";

const MINUTE = 60_000;
const NOTICE_MS = 240 * MINUTE;
const HORIZON_MS = 30 * 24 * 60 * MINUTE;
export const PER_CLIENT = 2;

export interface ModelMeeting {
  id: string;
  address: string;
  client: string;
  start: string;
  status: "pending" | "confirmed" | "cancelled";
  holdUntil: string;
  /** Ever confirmed: it stays in the inbox (not spam) even once cancelled. */
  confirmed: boolean;
  lead: Record<string, unknown>;
}

/** Exactly this answer, or one of these statuses with one of their `error` codes ("" for none). */
export type Expected =
  | { exact: number; error?: string; fields?: string[] }
  | { oneOf: Partial<Record<number, readonly string[]>> };

/** A valid body, as the path's schema parsed it, with what the model knows of its meeting. */
export type Resolved =
  | { kind: "refused" }
  | { kind: "book"; data: ReturnType<typeof bookingSchema.parse>; spam: boolean }
  | { kind: "token"; meeting?: ModelMeeting; start?: string };

const londonDay = (iso: string) => new Date(iso).toLocaleDateString("en-CA", { timeZone: "Europe/London" });
/** "09:30 Mon" in `zone`: a member's hours are weekdays 09:00–18:00, a slot every 30 minutes. */
function inHours(iso: string, zone: string) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  const minutes = Number(get("hour")) * 60 + Number(get("minute"));
  return (
    !["Sat", "Sun"].includes(get("weekday")) &&
    get("second") === "00" &&
    new Date(iso).getUTCMilliseconds() === 0 &&
    minutes % 30 === 0 &&
    minutes >= 9 * 60 &&
    minutes <= 17 * 60 + 30
  );
}
/** A slot some member works: the London member's, or the Colombo member's. */
export const workedSlot = (iso: string) => inHours(iso, "Europe/London") || inHours(iso, "Asia/Colombo");

/**
 * How a booking's challenge is refused, judged on the value the body holds once read (an invalid byte
 * can land in it): none, empty, another value than the solution sent, or a solution already spent.
 */
export function challengeRefusal(
  bytes: Buffer,
  solution: string | undefined,
  spent: boolean,
): ChallengeRefusal | undefined {
  const parsed = parseJson(bytes);
  const body = parsed.ok ? parsed.value : undefined;
  const v = body && typeof body === "object" ? (body as Record<string, unknown>)[CHALLENGE_FIELD] : undefined;
  if (v === undefined || v === null || v === "") return "challenge_missing";
  if (v !== solution) return "challenge_invalid";
  return spent ? "challenge_used" : undefined;
}

export class BookingModel {
  readonly meetings: ModelMeeting[] = [];
  /** Leads the API accepted: their ids, and the rows they must be (spam: a filled honeypot). */
  readonly spam = new Map<string, Record<string, unknown>>();
  readonly violations: string[] = [];

  constructor(
    public now: Date,
    readonly confirmEmail: boolean,
  ) {}

  /** Whether `m` holds a place among its address's and client's upcoming meetings now. */
  upcoming(m: ModelMeeting) {
    if (m.status === "pending") return Date.parse(m.holdUntil) > this.now.getTime();
    return m.status === "confirmed" && Date.parse(m.start) > this.now.getTime();
  }
  /** Whether `m` holds its London day (a standing meeting holds it for good). */
  holdsDay(m: ModelMeeting) {
    return (
      m.status === "confirmed" || (m.status === "pending" && Date.parse(m.holdUntil) > this.now.getTime())
    );
  }
  state(m: ModelMeeting) {
    return m.status === "pending" && !this.upcoming(m) ? "expired" : m.status;
  }

  /** The body's checks, in the order the service makes them; then what the rules say of the rest. */
  expect(
    req: BookingRequest,
    text: string,
    token?: { meeting?: ModelMeeting; purposeOk: boolean; unknown: boolean },
    challenge?: ChallengeRefusal,
  ): [Expected, Resolved] {
    if (!req.contentType.ok) return [{ exact: 415, error: "unsupported_media_type" }, { kind: "refused" }];
    if (!req.origin.ok) return [{ exact: 403, error: "origin_not_allowed" }, { kind: "refused" }];
    const schema =
      req.path === "book" ? bookingSchema : req.path === "reschedule" ? rescheduleSchema : tokenBodySchema;
    const bytes = bodyBytes(text, req.encoding);
    // Each route's limit is its contract's largest valid body (platform/http/body-limit.ts).
    if (bytes.length > bodyLimitOf(schema).bytes)
      return [{ exact: 413, error: "payload_too_large" }, { kind: "refused" }];
    const parsed = parseJson(bytes);
    if (!parsed.ok) return [{ exact: 400, error: "invalid_json" }, { kind: "refused" }];
    const result = schema.safeParse(parsed.value);
    if (!result.success) {
      return [
        { exact: 400, error: "validation_failed", fields: Object.keys(fieldErrors(result.error)).sort() },
        { kind: "refused" },
      ];
    }
    // A booking's challenge is judged (and a good one spent) once its body is valid, before the rules.
    if (req.path === "book" && challenge) return [{ exact: 403, error: challenge }, { kind: "refused" }];
    if (req.path === "book") return this.expectBooking(result.data as ReturnType<typeof bookingSchema.parse>);
    if (!token?.purposeOk) return [{ exact: 403, error: "invalid_link" }, { kind: "refused" }];
    if (token.unknown || !token.meeting) return [{ exact: 404, error: "not_found" }, { kind: "refused" }];
    const m = token.meeting;
    const state = this.state(m);
    const gone =
      state === "cancelled" || (state === "confirmed" && Date.parse(m.start) <= this.now.getTime());
    const resolved: Resolved = { kind: "token", meeting: m };
    if (req.path === "lookup") return [{ exact: 200 }, resolved];
    if (req.path === "confirm") {
      if (state === "pending" || state === "confirmed") return [{ exact: 200 }, resolved];
      return [{ exact: 410, error: state === "expired" ? "confirmation_expired" : "meeting_gone" }, resolved];
    }
    if (state === "expired") return [{ exact: 410, error: "confirmation_expired" }, resolved];
    if (gone) return [{ exact: 410, error: "meeting_gone" }, resolved];
    if (req.path === "cancel") return [{ exact: 200 }, resolved];
    if (state === "pending") return [{ exact: 409, error: "not_confirmed" }, resolved];
    const start = (result.data as { start: string }).start;
    return [
      this.timeRules(start) ?? { oneOf: { 200: [""], 409: ["slot_taken", "day_full", "already_booked"] } },
      { ...resolved, start },
    ];
  }

  /** The refusals a time gets whatever else is booked (no member has days off in the test). */
  private timeRules(startText: string): Expected | undefined {
    const start = Date.parse(startText);
    if (start < this.now.getTime() + NOTICE_MS) return { exact: 422, error: "too_soon" };
    if (start > this.now.getTime() + HORIZON_MS) return { exact: 422, error: "too_far" };
    if (!workedSlot(new Date(start).toISOString())) return { exact: 422, error: "outside_hours" };
    return undefined;
  }

  private expectBooking(data: ReturnType<typeof bookingSchema.parse>): [Expected, Resolved] {
    this.violations.push(...readmeViolations({ ...data, message: data.note, note: undefined }));
    if (data.website) return [{ exact: 201 }, { kind: "book", data, spam: true }];
    const refused = this.timeRules(data.start);
    if (refused) return [refused, { kind: "refused" }];
    return [
      {
        oneOf: {
          201: [""],
          409: ["slot_taken", "day_full", "already_booked", "address_limit", "client_limit"],
        },
      },
      { kind: "book", data, spam: false },
    ];
  }

  /** What an answer teaches the model; a rule the service broke to give it is a violation. */
  answered(req: BookingRequest, r: Resolved, status: number, body: Record<string, unknown>) {
    const address = (e: string) => e.trim().toLowerCase();
    if (r.kind === "book" && status === 201) {
      if (r.spam) return void this.spam.set(body.id as string, r.data);
      const a = address(r.data.email);
      const client = CLIENTS[req.ip]!;
      const live = this.meetings.filter((m) => this.upcoming(m));
      const day = londonDay(new Date(r.data.start).toISOString());
      if (live.filter((m) => m.address === a).length >= UPCOMING_PER_ADDRESS)
        this.violations.push(`a third upcoming meeting of ${a}`);
      if (live.filter((m) => m.client === client).length >= PER_CLIENT)
        this.violations.push(`a third upcoming meeting of client ${client}`);
      if (this.meetings.some((m) => this.holdsDay(m) && m.address === a && londonDay(m.start) === day))
        this.violations.push(`a second meeting of ${a} on ${day}`);
      const start = new Date(r.data.start).toISOString();
      const holdUntil = new Date(
        Math.min(this.now.getTime() + CONFIRM_WITHIN_MINUTES * MINUTE, Date.parse(start)),
      );
      this.meetings.push({
        id: body.id as string,
        address: a,
        client,
        start,
        status: this.confirmEmail ? "pending" : "confirmed",
        confirmed: !this.confirmEmail,
        holdUntil: holdUntil.toISOString(),
        lead: r.data,
      });
    }
    if (r.kind === "book" && status === 409) this.checkRefusal(req, r.data, body.error as string);
    if (r.kind !== "token" || !r.meeting || status !== 200) return;
    const m = r.meeting;
    if (req.path === "lookup" && body.status !== this.state(m))
      this.violations.push(`lookup said ${String(body.status)} of a meeting ${this.state(m)}`);
    if (req.path === "confirm") Object.assign(m, { status: "confirmed", confirmed: true });
    if (req.path === "cancel") m.status = "cancelled";
    if (req.path === "reschedule" && r.start) {
      const day = londonDay(new Date(r.start).toISOString());
      if (
        this.meetings.some(
          (o) => o !== m && this.holdsDay(o) && o.address === m.address && londonDay(o.start) === day,
        )
      )
        this.violations.push(`moved to a second meeting of ${m.address} on ${day}`);
      m.start = new Date(r.start).toISOString();
    }
  }

  /** A cap's refusal is given only when the cap is reached (checked in this order: address, client, day). */
  private checkRefusal(req: BookingRequest, data: { email: string; start: string }, error: string) {
    const a = data.email.trim().toLowerCase();
    const live = this.meetings.filter((m) => this.upcoming(m));
    const byAddress = live.filter((m) => m.address === a).length;
    const byClient = live.filter((m) => m.client === CLIENTS[req.ip]).length;
    if (error === "address_limit" && byAddress < UPCOMING_PER_ADDRESS)
      this.violations.push(`address_limit with ${byAddress} upcoming`);
    if (error === "client_limit" && (byAddress >= UPCOMING_PER_ADDRESS || byClient < PER_CLIENT))
      this.violations.push(`client_limit with ${byClient} upcoming`);
  }
}
