import type { LeadKind } from "@site/contracts";
import fc from "fast-check";
import { ORIGIN } from "./helpers";
import { deepText, fieldText, honeypotText, json, wrongType } from "./hostile-text";

/**
 * Generators of hostile requests to the lead services, for the property in
 * leads-hostile-input.test.ts. Every header is generated together with whether the service must
 * take it (`ok`), decided here by construction rather than by the code under test.
 */

interface Labelled<T> {
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

/** A Content-Type header and whether a JSON service takes it. */
export const contentType = fc.oneof(
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

/** An Origin header (or none) and whether the services answer it. */
export const origin = fc.oneof(
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

export const encoding = fc.oneof(
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
        text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
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
