import { describe, expect, it } from "vitest";
import {
  contactSchema,
  fieldErrors,
  honeypotFilled,
  LIMITS,
  QUOTATION_SERVICES,
  quotationSchema,
} from "./lead";

const contact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 20 7946 0000",
  message: "Hello",
};
/** A character as a test label (U+0085) and itself. */
const codePoint = (c: string): [string, string] => [
  `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`,
  c,
];
/** The fields a parse refused ([] when it passed). */
const refused = (r: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  r.success ? [] : Object.keys(fieldErrors(r.error!));
const quote = { name: "Ada", email: "ada@example.com", phone: "020 7946 0000", service: "cctv-solutions" };

describe("contactSchema", () => {
  it("accepts a complete message and trims strings", () => {
    const r = contactSchema.parse({ ...contact, name: "  Ada Lovelace  " });
    expect(r.name).toBe("Ada Lovelace");
  });

  it.each(["name", "email", "phone", "message"] as const)("requires %s", (field) => {
    const r = contactSchema.safeParse({ ...contact, [field]: "   " });
    expect(r.success).toBe(false);
    expect(Object.keys(fieldErrors(r.error!))).toEqual([field]);
  });

  it("rejects line breaks in single-line fields, keeps them in the message", () => {
    expect(contactSchema.safeParse({ ...contact, name: "A\r\nBcc: x@y.z" }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, message: "line 1\nline 2" }).success).toBe(true);
  });

  it("enforces upper bounds", () => {
    expect(contactSchema.safeParse({ ...contact, name: "a".repeat(LIMITS.name + 1) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, message: "a".repeat(LIMITS.message + 1) }).success).toBe(
      false,
    );
    expect(contactSchema.safeParse({ ...contact, message: "a".repeat(LIMITS.message) }).success).toBe(true);
  });

  it("rejects a malformed e-mail and a phone without digits", () => {
    expect(contactSchema.safeParse({ ...contact, email: "not-an-email" }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, phone: "call me" }).success).toBe(false);
  });
});

describe("quotationSchema", () => {
  it("accepts each of the eight service values and nothing else", () => {
    expect(QUOTATION_SERVICES).toHaveLength(8);
    for (const { value } of QUOTATION_SERVICES) {
      expect(quotationSchema.safeParse({ ...quote, service: value }).success).toBe(true);
    }
    expect(quotationSchema.safeParse({ ...quote, service: "software-solutions" }).success).toBe(false);
  });

  it("treats empty optional fields as absent", () => {
    const r = quotationSchema.parse({ ...quote, company: "  ", details: "" });
    expect(r.company).toBeUndefined();
    expect(r.details).toBeUndefined();
  });
});

describe("text hygiene", () => {
  it("rejects control characters and lone surrogates, keeps tabs, line breaks and emoji", () => {
    expect(contactSchema.safeParse({ ...contact, message: "a\u0000b" }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, message: "a\ud800b" }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, name: "Ada\u0007" }).success).toBe(false);
    expect(quotationSchema.safeParse({ ...quote, details: "x\u001b[31m" }).success).toBe(false);
    expect(quotationSchema.safeParse({ ...quote, company: "Acme\u0000" }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, message: "a\tb\r\nc 🦄 é 李" }).success).toBe(true);
    expect(contactSchema.safeParse({ ...contact, name: "Zoë 🦄" }).success).toBe(true);
  });
});

describe("C1 controls, bidi controls and Unicode line separators", () => {
  it.each(["\u0080", "\u0085", "\u009b", "\u009f"].map(codePoint))(
    "refuses C1 control %s in every text field",
    (_, c) => {
      expect(refused(contactSchema.safeParse({ ...contact, name: `Ada${c}` }))).toEqual(["name"]);
      expect(refused(contactSchema.safeParse({ ...contact, message: `a${c}b` }))).toEqual(["message"]);
      expect(refused(quotationSchema.safeParse({ ...quote, company: `Acme${c}` }))).toEqual(["company"]);
      expect(refused(quotationSchema.safeParse({ ...quote, details: `x${c}[31m` }))).toEqual(["details"]);
    },
  );

  it("keeps the printable characters just past the C1 range", () => {
    expect(contactSchema.safeParse({ ...contact, name: "Ada\u00a0Byron ©" }).success).toBe(true);
  });

  it.each(
    ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"].map(codePoint),
  )("refuses bidi control %s in single-line fields, keeps it in message and details", (_, c) => {
    expect(refused(contactSchema.safeParse({ ...contact, name: `evil${c}gpj.exe` }))).toEqual(["name"]);
    expect(refused(quotationSchema.safeParse({ ...quote, company: `Acme${c}` }))).toEqual(["company"]);
    expect(contactSchema.safeParse({ ...contact, message: `a ${c}שלום\u202c b` }).success).toBe(true);
    expect(quotationSchema.safeParse({ ...quote, details: `${c}مرحبا` }).success).toBe(true);
  });

  it("keeps the bidi marks LRM and RLM in a name", () => {
    expect(contactSchema.safeParse({ ...contact, name: "Ada \u200fשרה\u200e" }).success).toBe(true);
  });

  it("treats U+2028 and U+2029 as line breaks: refused in single-line fields, kept in the message", () => {
    expect(refused(contactSchema.safeParse({ ...contact, name: "Ada\u2028Bcc: x@y.z" }))).toEqual(["name"]);
    expect(refused(quotationSchema.safeParse({ ...quote, company: "Acme\u2029Ltd" }))).toEqual(["company"]);
    expect(contactSchema.safeParse({ ...contact, message: "one\u2028two\u2029three" }).success).toBe(true);
  });
});

describe("honeypot", () => {
  it("is filled by any value but absent, null or a blank string", () => {
    for (const v of [undefined, null, "", "   \t"]) expect(honeypotFilled(v)).toBe(false);
    for (const v of ["x", "x".repeat(20_000), 0, false, true, [], {}, [""], { a: 1 }]) {
      expect(honeypotFilled(v)).toBe(true);
    }
  });

  it("never refuses a body for its honeypot; it validates to whether the trap was filled", () => {
    expect(contactSchema.parse(contact).website).toBe(false);
    expect(contactSchema.parse({ ...contact, website: "" }).website).toBe(false);
    expect(contactSchema.parse({ ...contact, website: null }).website).toBe(false);
    for (const website of ["https://spam.example", "w".repeat(5000), 42, ["x"], { nested: { deep: [1] } }]) {
      expect(contactSchema.parse({ ...contact, website }).website).toBe(true);
      expect(quotationSchema.parse({ ...quote, website }).website).toBe(true);
    }
  });

  it("does not make an invalid body valid", () => {
    expect(refused(contactSchema.safeParse({ ...contact, email: "nope", website: "x" }))).toEqual(["email"]);
  });
});
