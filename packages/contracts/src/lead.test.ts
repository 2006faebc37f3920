import { describe, expect, it } from "vitest";
import { contactSchema, fieldErrors, LIMITS, QUOTATION_SERVICES, quotationSchema } from "./lead";

const contact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 20 7946 0000",
  message: "Hello",
};
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
