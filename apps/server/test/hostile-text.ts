/**
 * Generators of the text of lead fields for the hostile-input property (hostile-input.ts): values a
 * person could send, values at and past every bound, special characters, wrong types, deep nesting.
 */
import { LIMITS, QUOTATION_SERVICES } from "@site/contracts";
import fc from "fast-check";

const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });

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
export const deepText = fc
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
export const wrongType = fc.oneof(
  fc.constantFrom("true", "false", "null", "-0", "1e309", "[]", "{}", "0.0", '{"__proto__":{"x":1}}'),
  fc.integer().map(String),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }).map((v) => JSON.stringify(v)),
  fc
    .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 })
    .map((v) => JSON.stringify(v)),
  deepText,
);

export const json = (v: string) => JSON.stringify(v);
export const fieldText = (field: string) =>
  fc.oneof(
    weighted(40, validValue[field]!.map(json)),
    weighted(3, atBound(field).map(json)),
    weighted(3, withSpecial(field).map(json)),
    weighted(2, wrongType),
  );

/** The honeypot: mostly empty or absent, as people leave it; sometimes anything at all, as bots fill it. */
export const honeypotText = fc.oneof(
  weighted(8, fc.constantFrom('""', '"  "', "null")),
  weighted(2, fc.string({ unit: textUnit, minLength: 1, maxLength: 30 }).map(json)),
  weighted(
    1,
    fc.integer({ min: 1000, max: 12_000 }).map((n) => json("w".repeat(n))),
  ),
  weighted(1, wrongType),
);
