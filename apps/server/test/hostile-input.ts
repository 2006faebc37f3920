import { type LeadKind, LIMITS, QUOTATION_SERVICES } from "@site/contracts";
import fc from "fast-check";
import { ORIGIN } from "./helpers";

/**
 * Generators of hostile requests to the lead services, for the property in
 * leads-hostile-input.test.ts. Every header is generated together with whether the service must
 * take it (`ok`), decided here by construction rather than by the code under test.
 */

export interface Labelled<T> {
  value: T;
  ok: boolean;
}

export type Encoding = "utf8" | "utf8-bom" | "utf16le" | "latin1" | "ascii-escaped" | "invalid-byte";
type OtherMethod = "GET" | "PUT" | "DELETE" | "PATCH";

/** One generated request, as fast-check prints it in a counterexample. */
export type HostileRequest =
  | {
      method: "POST";
      service: LeadKind;
      contentType: Labelled<string | undefined>;
      origin: Labelled<string | undefined>;
      idempotencyKey: Labelled<string | string[] | undefined>;
      /** The body as JSON(-ish) text, then turned into bytes by `encoding`. */
      text: string;
      encoding: Encoding;
    }
  | { method: "OPTIONS"; service: LeadKind; origin: Labelled<string | undefined>; requestMethod?: string }
  | { method: OtherMethod; service: LeadKind; otherPath: boolean; origin: Labelled<string | undefined> };

const FIELDS: Record<LeadKind, string[]> = {
  contact: ["name", "email", "phone", "message"],
  quotation: ["name", "email", "phone", "company", "service", "details"],
};

const labelled = <T>(ok: boolean, ...values: T[]) =>
  fc.constantFrom(...values).map((value) => ({ value, ok }));
const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });

const contentType = fc.oneof(
  weighted(
    14,
    labelled(
      true,
      "application/json",
      "application/json; charset=utf-8",
      "Application/JSON; Charset=UTF-8",
      "application/json;charset=utf8",
      'application/json; charset="utf-8"',
    ),
  ),
  weighted(
    1,
    labelled<string | undefined>(
      false,
      undefined,
      "",
      "text/plain",
      "text/plain; charset=utf-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json; charset=latin1",
      "application/json; charset=utf-16",
      "application/json; charset=",
      "application/jsonp",
      "application/vnd.api+json",
      "text/json",
      "application/json, text/plain",
      "*/*",
    ),
  ),
);

const origin = fc.oneof(
  weighted(14, labelled<string | undefined>(true, undefined, ORIGIN)),
  weighted(
    1,
    labelled(
      false,
      "https://evil.example",
      "null",
      "",
      `${ORIGIN}/`,
      ORIGIN.toUpperCase(),
      `${ORIGIN}.evil.example`,
    ),
  ),
);

const printableAscii = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));
const idempotencyKey = fc.oneof(
  weighted(8, labelled<string | string[] | undefined>(true, undefined)),
  // A small pool, so keys are reused within a run (replays and 422s), across services too.
  weighted(4, labelled(true, "k1", "k2", "shared-key", "k".repeat(200))),
  weighted(
    2,
    fc.string({ unit: printableAscii, minLength: 1, maxLength: 200 }).map((value) => ({ value, ok: true })),
  ),
  weighted(
    1,
    labelled<string | string[]>(false, "", "k".repeat(201), "a b", "clé", "tab\tkey", " lead", ["k1", "k2"]),
  ),
);

/** Characters that text validation must get right, one way or the other. */
const SPECIAL = [
  "\u0000", "\u0007", "\t", "\n", "\r", "\u001b", "\u007f", "\u0080", "\u0085", "\u009b", "\u009f",
  "\u00a0", "\u00ad", "\u200b", "\u200e", "\u200f", "\u202a", "\u202d", "\u202e", "\u2066", "\u2069",
  "\u2028", "\u2029", "\ufeff", "\ufffd", "\ud800", "\udfff", "\ud83e", "🦄", "é", "李", '"', "\\", "<", "'",
  "=", "@", " ",
]; // prettier-ignore
const special = fc.constantFrom(...SPECIAL);
const textUnit = fc.oneof(
  weighted(6, fc.constantFrom(..."abcdefghij KLMNOP.,-")),
  weighted(3, fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 })),
  weighted(1, special),
);

const NAMES = [
  "Ada Lovelace",
  "  Grace Hopper  ",
  "Zoë Ñúñez 李雷",
  "O'Brien-Smith",
  "Ada \u200fשרה\u200e",
  "🦄",
];
const EMAILS = [
  "ada@example.com",
  " grace@example.com ",
  "a.b+c@sub.example.co.uk",
  "x@y.io",
  "ADA@EXAMPLE.COM",
];
const PHONES = ["+44 20 7946 0000", "020 7946 0123", "(020) 7946-0000", "+94.11.234.5678", "0779 123456"];
const TEXTS = [
  "Hello",
  "line 1\nline 2\r\nline 3",
  "tabs\tare\tfine",
  "مرحبا \u2067שלום\u2069 ok",
  "  padded  ",
];
const SERVICES = QUOTATION_SERVICES.map((s) => s.value);

const plainUnit = fc.oneof(
  weighted(3, fc.constantFrom(..."abcdefghij KLMNOP.,-'")),
  weighted(1, fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 })),
);
const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 2, maxLength: 5 });
const phone = fc
  .tuple(
    fc.constantFrom("", "+", "("),
    fc.array(digits, { minLength: 3, maxLength: 4 }),
    fc.constantFrom(" ", "-", ".", ") "),
  )
  .map(([prefix, groups, sep]) => prefix + groups.join(sep));

/** Values a person could send (most are valid; the schema has the last word). */
const validValue: Record<string, fc.Arbitrary<string>> = {
  name: fc.oneof(
    weighted(3, fc.constantFrom(...NAMES)),
    weighted(1, fc.string({ unit: plainUnit, minLength: 1, maxLength: 40 })),
  ),
  email: fc.oneof(weighted(7, fc.constantFrom(...EMAILS)), weighted(1, fc.emailAddress())),
  phone: fc.oneof(fc.constantFrom(...PHONES), phone),
  message: fc.oneof(fc.constantFrom(...TEXTS), fc.string({ unit: plainUnit, minLength: 1, maxLength: 300 })),
  company: fc.oneof(fc.constantFrom("", "Acme Ltd", ...NAMES), fc.string({ unit: plainUnit, maxLength: 40 })),
  service: fc.constantFrom(...SERVICES),
};
validValue.details = validValue.message!;

const BOUND: Record<string, number> = { ...LIMITS, service: 0 };
/**
 * A string of LIMIT-1 … LIMIT+2 characters (code points, as bounds count them), of one or two UTF-16
 * units each, maybe padded with blanks that trimming removes.
 */
const atBound = (field: string) =>
  fc
    .record({
      delta: fc.constantFrom(-1, 0, 0, 1, 2),
      unit: fc.constantFrom("a", "é", "李", "🦄", " ", "1"),
      pad: fc.constantFrom("", "  ", "\t "),
    })
    .map(({ delta, unit, pad }) => {
      const target = BOUND[field]! + delta;
      if (field === "email") return `${pad}${"a".repeat(Math.max(1, target - 12))}@example.com${pad}`;
      if (field === "phone") return `${pad}+${"1".repeat(target - 1)}${pad}`;
      if (field === "service")
        return [" cctv-solutions", "CCTV-solutions", "toString", "__proto__", ""][delta + 1]!;
      return pad + unit.repeat(target) + pad;
    });

/** A valid value with one special character inserted somewhere. */
const withSpecial = (field: string) =>
  fc
    .tuple(validValue[field]!, special, fc.nat())
    .map(([s, c, i]) => s.slice(0, i % (s.length + 1)) + c + s.slice(i % (s.length + 1)));

/** Raw JSON text nested `depth` deep (up to 7,000 arrays or 2,500 objects, within the body limit). */
const deepText = fc
  .record({
    depth: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 7000 })),
    array: fc.boolean(),
  })
  .map(({ depth, array }) =>
    array
      ? `${"[".repeat(depth)}${"]".repeat(depth)}`
      : `${'{"a":'.repeat(depth >> 2)}1${"}".repeat(depth >> 2)}`,
  );

/** JSON text of a value of any type but a string. */
const wrongType = fc.oneof(
  fc.constantFrom("true", "false", "null", "-0", "1e309", "[]", "{}", "0.0", '{"__proto__":{"x":1}}'),
  fc.integer().map(String),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }).map((v) => JSON.stringify(v)),
  fc
    .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 })
    .map((v) => JSON.stringify(v)),
  deepText,
);

const json = (v: string) => JSON.stringify(v);
const fieldText = (field: string) =>
  fc.oneof(
    weighted(40, validValue[field]!.map(json)),
    weighted(3, atBound(field).map(json)),
    weighted(3, withSpecial(field).map(json)),
    weighted(2, wrongType),
  );

/** The honeypot: mostly empty or absent, as people leave it; sometimes anything at all, as bots fill it. */
const honeypotText = fc.oneof(
  weighted(8, fc.constantFrom('""', '"  "', "null")),
  weighted(2, fc.string({ unit: textUnit, minLength: 1, maxLength: 30 }).map(json)),
  weighted(
    1,
    fc.integer({ min: 1000, max: 12_000 }).map((n) => json("w".repeat(n))),
  ),
  weighted(1, wrongType),
);

const EXTRA_KEYS = ["__proto__", "\\u005f_proto__", "constructor", "prototype", "toString", "hasOwnProperty", "is_spam", "id", "kind", "created_at", "isSpam", ""]; // prettier-ignore
const extraMember = fc.tuple(
  fc.oneof(
    fc.constantFrom(...EXTRA_KEYS),
    fc.string({ maxLength: 10 }).map((k) => json(k).slice(1, -1)),
  ),
  fc.oneof(fieldText("name"), wrongType),
);

const member = (key: string, value: string) => `"${key}":${value}`;
const absentOr = (weightAbsent: number, text: fc.Arbitrary<string>) =>
  fc.oneof(weighted(weightAbsent, fc.constant(undefined)), weighted(30, text));

/** A second member for a field, before (the later one wins) or after the first. */
const duplicate = (kind: LeadKind) =>
  fc.oneof(
    ...FIELDS[kind].map((f) => fc.tuple(fc.constant(f), fieldText(f), fc.boolean())),
    fc.tuple(fc.constant("website"), honeypotText, fc.boolean()),
  );

/** An object body: each field present or not, extra and duplicate keys (first or last wins). */
const objectText = (kind: LeadKind) =>
  fc
    .record({
      fields: fc.tuple(...FIELDS[kind].map((f) => absentOr(1, fieldText(f)))),
      website: absentOr(12, honeypotText),
      extras: fc.array(extraMember, { maxLength: 3 }),
      duplicates: fc.oneof(
        weighted(3, fc.constant([])),
        weighted(1, fc.array(duplicate(kind), { maxLength: 2 })),
      ),
      spaced: fc.boolean(),
    })
    .map(({ fields, website, extras, duplicates, spaced }) => {
      const members = FIELDS[kind].flatMap((f, i) => (fields[i] === undefined ? [] : [member(f, fields[i])]));
      if (website !== undefined) members.push(member("website", website));
      members.push(...extras.map(([k, v]) => member(k, v)));
      for (const [k, v, last] of duplicates) members[last ? "push" : "unshift"](member(k, v));
      return spaced ? `{\n  ${members.join(",\n  ").replaceAll('":', '": ')}\n}` : `{${members.join(",")}}`;
    });

/** Bodies that are not an object: other JSON values, deep nesting, broken or empty text. */
const notAnObject = (kind: LeadKind) =>
  fc.oneof(
    fc.constantFrom("", " ", "null", "[]", "0", '"a string"', "{", '{"name":', "\ufeff{}", "NaN", "{'a':1}"),
    deepText,
    wrongType,
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.tuple(objectText(kind), fc.nat()).map(([t, n]) => t.slice(0, n % t.length)),
    objectText(kind).map((t) => `${t} x`),
  );

const encoding = fc.oneof(
  weighted(30, fc.constant<Encoding>("utf8")),
  weighted(1, fc.constantFrom<Encoding>("utf8-bom", "utf16le", "latin1", "ascii-escaped", "invalid-byte")),
);

/** The bytes a request body is sent as. */
export function bodyBytes(text: string, enc: Encoding): Buffer {
  switch (enc) {
    case "utf8":
      return Buffer.from(text, "utf8");
    case "utf8-bom":
      return Buffer.from(`\ufeff${text}`, "utf8");
    case "utf16le":
    case "latin1":
      return Buffer.from(text, enc);
    case "ascii-escaped":
      return Buffer.from(
        text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
      );
    case "invalid-byte": {
      const b = Buffer.from(text, "utf8");
      const at = b.length >> 1;
      return Buffer.concat([b.subarray(0, at), Buffer.from([0xc3, 0x28, 0xff]), b.subarray(at)]);
    }
  }
}

const postTo = (service: LeadKind) =>
  fc.record({
    method: fc.constant("POST" as const),
    service: fc.constant(service),
    contentType,
    origin,
    idempotencyKey,
    text: fc.oneof(weighted(20, objectText(service)), weighted(1, notAnObject(service))),
    encoding,
  });

const otherRequest = (service: LeadKind) =>
  fc.oneof(
    fc.record(
      {
        method: fc.constant("OPTIONS" as const),
        service: fc.constant(service),
        origin,
        requestMethod: fc.constantFrom("POST", "GET", "DELETE"),
      },
      { requiredKeys: ["method", "service", "origin"] },
    ),
    fc.record({
      method: fc.constantFrom<OtherMethod>("GET", "PUT", "DELETE", "PATCH"),
      service: fc.constant(service),
      otherPath: fc.boolean(),
      origin,
    }),
  );

/** A request to either service; most are POSTs of a lead. */
export const hostileRequest: fc.Arbitrary<HostileRequest> = fc.oneof(
  weighted(16, postTo("contact")),
  weighted(16, postTo("quotation")),
  weighted(1, otherRequest("contact")),
  weighted(1, otherRequest("quotation")),
);
