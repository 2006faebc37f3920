/**
 * Generators of hostile requests to the consultation API (booking, confirm, lookup, reschedule,
 * cancel), for the property in consultations-hostile-input.test.ts. Bodies reuse the forms' field
 * generators (hostile-text.ts) and headers the forms' (hostile-input.ts); times, zones, tokens and
 * clients come from small pools so that a run meets the rules (taken slots, caps, lapsed holds).
 */
import fc from "fast-check";
import { contentType, type Encoding, encoding, origin } from "./hostile-input";
import { fieldText, honeypotText, json, wrongType } from "./hostile-text";

const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });

/**
 * Starts around the test's Monday 5 January 2026, 06:00 UTC: slots of the London member (09:00–17:30)
 * and of the Colombo one (03:30–12:00 UTC), and times refused for every reason.
 */
const DAYS = ["2026-01-06", "2026-01-07", "2026-01-08"];
const TIMES = ["03:30", "04:00", "09:00", "10:00", "10:30", "12:00", "16:30", "17:30"];
const SLOTS = DAYS.flatMap((d) => TIMES.map((t) => `${d}T${t}:00.000Z`));
const REFUSED_TIMES = [
  "2026-01-06T10:15:00.000Z", // off the half hour
  "2026-01-05T07:00:00.000Z", // inside the notice
  "2026-02-20T10:00:00.000Z", // past the horizon
  "2026-01-10T10:00:00.000Z", // a Saturday
  "2026-01-06T18:00:00.000Z", // after hours
  "2026-01-06T01:00:00.000Z", // before anyone's hours
];
const startText = fc.oneof(
  weighted(12, fc.constantFrom(...SLOTS).map(json)),
  weighted(3, fc.constantFrom(...REFUSED_TIMES).map(json)),
  weighted(1, fc.constantFrom("2026-01-06T10:00:00Z", "2026-01-06T10:00:00.000001Z").map(json)),
  weighted(
    1,
    fc
      .constantFrom("2026-01-06T10:00:00+01:00", "2026-01-06 10:00", "", "tomorrow", "2026-13-40T99:00:00Z")
      .map(json),
  ),
  weighted(1, wrongType),
);
const zoneText = fc.oneof(
  weighted(8, fc.constantFrom("Europe/London", "Asia/Colombo", "America/New_York", "Asia/Kolkata").map(json)),
  weighted(
    1,
    fc
      .constantFrom(
        "Mars/Olympus",
        "",
        "UTC+5",
        "../../etc/passwd",
        "Europe/London ",
        "x".repeat(80),
        "Etc/GMT+5",
      )
      .map(json),
  ),
  weighted(1, wrongType),
);

const member = (key: string, value: string) => `"${key}":${value}`;
const absentOr = (weightAbsent: number, text: fc.Arbitrary<string>) =>
  fc.oneof(weighted(weightAbsent, fc.constant(undefined)), weighted(20, text));
const object = (members: [string, string | undefined][]) =>
  `{${members.flatMap(([k, v]) => (v === undefined ? [] : [member(k, v)])).join(",")}}`;

/** Not an object: other JSON values, broken text. */
const notAnObject = fc.oneof(
  fc.constantFrom("", "null", "[]", "0", '"a string"', "{", '{"token":', "NaN"),
  wrongType,
  fc.string({ unit: "binary", maxLength: 40 }),
);

/** A body a person sends: every field valid, from small pools (a few addresses meet the caps). */
const personText = fc
  .record({
    name: fc.constantFrom("Ada Lovelace", "Grace Hopper", "Zoë Ñúñez 李雷", 'Eve":mailto:x@evil.example;X="'),
    email: fc.constantFrom("ada@example.com", " ADA@example.com", "grace@example.com", "zoe@example.org"),
    service: fc.constantFrom("erp-consultation", "web-app-development", "cctv-solutions"),
    start: fc.constantFrom(...SLOTS),
    zone: fc.constantFrom("Europe/London", "Asia/Colombo"),
    note: fc.option(fc.constantFrom("Forty users.", "line 1\nline 2"), { nil: undefined }),
  })
  .map((b) => JSON.stringify(b));

const hostileText = fc
  .record({
    name: absentOr(1, fieldText("name")),
    email: absentOr(1, fieldText("email")),
    phone: absentOr(8, fieldText("phone")),
    company: absentOr(4, fieldText("company")),
    service: absentOr(1, fieldText("service")),
    note: absentOr(4, fieldText("message")),
    start: absentOr(1, startText),
    zone: absentOr(1, zoneText),
    website: absentOr(20, honeypotText),
    extra: absentOr(10, fc.constantFrom("true", '"x"', '{"a":1}')),
  })
  .map((b) =>
    object([
      ...(["name", "email", "phone", "company", "service", "note", "start", "zone", "website"] as const).map(
        (k) => [k, b[k]] as [string, string | undefined],
      ),
      ["status", b.extra],
    ]),
  );
const bookingText = fc.oneof(weighted(3, personText), weighted(2, hostileText));

/**
 * Which token a request carries, resolved when it is sent against the run's meetings: a manage or a
 * confirmation link of the `index`-th one back from the latest, either for the other purpose, changed by a character, of
 * a meeting that does not exist (signed right), or not a token at all.
 */
type TokenSpec =
  | { kind: "manage" | "confirm" | "swapped" | "tampered"; index: number }
  | { kind: "unknown" }
  | { kind: "text"; text: string };
/** Which meeting, counted back from the latest (mostly the latest: the one a visitor just booked). */
const recent = fc.oneof(weighted(3, fc.constant(0)), weighted(2, fc.nat()));
const tokenSpec: fc.Arbitrary<TokenSpec> = fc.oneof(
  weighted(14, fc.record({ kind: fc.constantFrom("manage" as const, "confirm" as const), index: recent })),
  weighted(3, fc.record({ kind: fc.constantFrom("swapped" as const, "tampered" as const), index: recent })),
  weighted(1, fc.constant({ kind: "unknown" as const })),
  weighted(
    2,
    fc.record({
      kind: fc.constant("text" as const),
      text: fc.oneof(wrongType, fc.string({ maxLength: 140 }).map(json), fc.constant('"a.b"')),
    }),
  ),
);

type BookingPath = "book" | "confirm" | "lookup" | "cancel" | "reschedule";

/** One generated request, as fast-check prints it in a counterexample. */
export interface BookingRequest {
  path: BookingPath;
  contentType: { value: string | undefined; ok: boolean };
  origin: { value: string | undefined; ok: boolean };
  encoding: Encoding;
  /** A booking's or a reschedule's body text; the token's, as TOKEN, where `token` replaces it. */
  text: string;
  token?: TokenSpec;
  /** Which instance takes it (two on one database), and from which client. */
  instance: 1 | 2;
  ip: string;
  /** Minutes the fake clock moves on before the request (holds lapse at 15). */
  advance: number;
  /** A booking's proof of work (CHALLENGE in its text): which kind of value goes in. */
  challenge?: ChallengeSpec;
}

/**
 * A booking's challenge: solved for it, absent, empty, not a solution, or the solution of a booking
 * that reached the service before (spent).
 */
type ChallengeSpec = "solved" | "absent" | "empty" | "invalid" | "reused";
const challengeSpec = fc.oneof(
  weighted(16, fc.constant<ChallengeSpec>("solved")),
  weighted(2, fc.constant<ChallengeSpec>("reused")),
  weighted(1, fc.constantFrom<ChallengeSpec>("absent", "empty", "invalid")),
);
const CHALLENGE = "CHALLENGE";
/** An object's text with the challenge's member put in (the value is CHALLENGE until it is sent). */
const withChallengeMember = (text: string, spec: ChallengeSpec) =>
  spec === "absent" ? text : text.replace(/\}$/, `${text === "{}" ? "" : ","}"altcha":${CHALLENGE}}`);

/**
 * Clients by construction: A (one IPv4 address, also IPv4-mapped), B (another), C (one IPv6 /64,
 * whatever its last 64 bits), D (the next /64).
 */
export const CLIENTS: Record<string, string> = {
  "203.0.113.1": "A",
  "::ffff:203.0.113.1": "A",
  "203.0.113.2": "B",
  "2001:db8:5:6::1": "C",
  "2001:db8:5:6:ffff:1:2:3": "C",
  "2001:db8:5:7::1": "D",
};

const TOKEN = "TOKEN";
const envelope = {
  contentType,
  origin,
  encoding,
  instance: fc.constantFrom<1 | 2>(1, 2),
  // Mostly client A, so that its upcoming meetings reach the cap under other addresses.
  ip: fc.oneof(
    weighted(3, fc.constantFrom("203.0.113.1", "::ffff:203.0.113.1")),
    weighted(2, fc.constantFrom(...Object.keys(CLIENTS))),
  ),
  advance: fc.oneof(
    weighted(10, fc.constant(0)),
    weighted(3, fc.integer({ min: 1, max: 20 })),
    weighted(2, fc.constant(15)),
  ),
};

export const bookingRequest: fc.Arbitrary<BookingRequest> = fc.oneof(
  weighted(
    10,
    fc
      .record({
        ...envelope,
        path: fc.constant("book" as const),
        body: fc.oneof(
          weighted(12, fc.record({ text: bookingText, challenge: challengeSpec })),
          weighted(1, fc.record({ text: notAnObject, challenge: fc.constant<ChallengeSpec>("absent") })),
        ),
      })
      .map(({ body, ...r }) => ({
        ...r,
        text: withChallengeMember(body.text, body.challenge),
        challenge: body.challenge,
      })),
  ),
  weighted(
    8,
    fc.record({
      ...envelope,
      path: fc.constantFrom<BookingPath>("confirm", "confirm", "lookup", "cancel"),
      text: fc.oneof(weighted(12, fc.constant(`{"token":${TOKEN}}`)), weighted(1, notAnObject)),
      token: tokenSpec,
    }),
  ),
  weighted(
    3,
    fc.record({
      ...envelope,
      path: fc.constant("reschedule" as const),
      text: fc.record({ start: absentOr(1, startText), zone: absentOr(1, zoneText) }).map((r) =>
        object([
          ["token", TOKEN],
          ["start", r.start],
          ["zone", r.zone],
        ]),
      ),
      token: tokenSpec,
    }),
  ),
);

/** The body text with its token put in (`token` is the JSON text of the token's value). */
export const withToken = (text: string, token: string) => text.replace(TOKEN, token);
/** The body text with its challenge put in (`value`: the JSON text of the member's value). */
export const withChallengeValue = (text: string, value: string) => {
  const at = text.lastIndexOf(CHALLENGE);
  return at < 0 ? text : text.slice(0, at) + value + text.slice(at + CHALLENGE.length);
};
