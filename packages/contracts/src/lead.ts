import { CHALLENGE_FIELD } from "./challenge";
import { z } from "./zod";

/** Upper bounds shared by the forms (maxLength) and the services (validation). */
export const LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  company: 200,
  message: 5000,
  details: 5000,
} as const;

/** The honeypot field: real people never fill it (it is visually hidden). */
export const HONEYPOT_FIELD = "website";

/**
 * Quotation service values. They deliberately differ from the service page slugs
 * (the spec says so): e.g. 'software-development' vs '/services/software-solutions'.
 */
export const QUOTATION_SERVICES = [
  { value: "software-development", label: "Software Development" },
  { value: "hardware-solutions", label: "Hardware Solutions" },
  { value: "internet-services", label: "Internet Services" },
  { value: "mobile-app-development", label: "Mobile App Development" },
  { value: "web-app-development", label: "Web App Development" },
  { value: "erp-consultation", label: "ERP Consultation" },
  { value: "security-solutions", label: "Security Solutions" },
  { value: "cctv-solutions", label: "CCTV Solutions" },
] as const;

export type QuotationService = (typeof QUOTATION_SERVICES)[number]["value"];
const serviceValues = QUOTATION_SERVICES.map((s) => s.value) as [QuotationService, ...QuotationService[]];

export function quotationServiceLabel(value: QuotationService): string {
  return QUOTATION_SERVICES.find((s) => s.value === value)?.label ?? value;
}

/* eslint-disable no-control-regex */
/**
 * Refused in every text field: C0 controls other than TAB, LF and CR; DEL; C1 controls
 * (U+0080–U+009F, e.g. U+0085 NEL, U+009B CSI); lone UTF-16 surrogates (not storable as UTF-8).
 */
const BAD_TEXT =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/* eslint-enable no-control-regex */
/**
 * Also refused in single-line fields: bidi embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), which would let a name reorder the subject line of the company's mail. They stay
 * allowed in message and details, where mixed-direction text needs them and a line break ends them.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** Line breaks, including the Unicode line and paragraph separators (U+2028, U+2029). */
const LINE_BREAK = /[\r\n\u2028\u2029]/;
const cleanText = (v: string) => !BAD_TEXT.test(v);
const cleanLine = (v: string) => cleanText(v) && !BIDI_CONTROL.test(v);

const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !LINE_BREAK.test(v), `${label} must be a single line.`)
    .refine(cleanLine, `${label} contains characters that are not allowed.`);

const optionalSingleLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !LINE_BREAK.test(v), `${label} must be a single line.`)
    .refine(cleanLine, `${label} contains characters that are not allowed.`)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

const email = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters.`)
  .pipe(z.email("Enter a valid email address."));

const isPhone = (v: string) => /^[+()\d][\d\s().-]*$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6;
const phone = singleLine("Phone", LIMITS.phone).refine(isPhone, "Enter a valid phone number.");

/**
 * Whether the honeypot was filled: absent, null or a blank string is a person; any other value, of
 * any type or length, is a bot. It is never refused, so a bot cannot tell it was caught.
 */
export function honeypotFilled(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
}

/** Validated as `true` (filled: store as spam) or `false`; the value itself is dropped. */
const honeypot = z.unknown().optional().transform(honeypotFilled);

/**
 * The proof-of-work solution (CHALLENGE_FIELD): any value is taken here and judged by the service,
 * so a form's body is never refused for it (a lead without a valid one is stored, marked unverified).
 */
const challenge = z.unknown().optional();

const optionalLongText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(cleanText, `${label} contains characters that are not allowed.`)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

/**
 * The fields the forms share, with their rules and messages, for a form of another kind (the
 * consultation booking): the same name, e-mail, phone, company, service and honeypot rules.
 */
export const leadFields = {
  name: singleLine("Name", LIMITS.name),
  email,
  /** Optional: absent or blank is no phone; anything else must be a phone number. */
  optionalPhone: optionalSingleLine("Phone", LIMITS.phone).refine(
    (v) => v === undefined || isPhone(v),
    "Enter a valid phone number.",
  ),
  company: optionalSingleLine("Company", LIMITS.company),
  service: z.enum(serviceValues, { error: "Choose a service." }),
  optionalLongText,
  honeypot,
  challenge,
};

export const contactSchema = z.object({
  name: singleLine("Name", LIMITS.name),
  email,
  phone,
  message: z
    .string({ error: "Message is required." })
    .trim()
    .min(1, "Message is required.")
    .max(LIMITS.message, `Message must be at most ${LIMITS.message} characters.`)
    .refine(cleanText, "Message contains characters that are not allowed."),
  [HONEYPOT_FIELD]: honeypot,
  [CHALLENGE_FIELD]: challenge,
});

export const quotationSchema = z.object({
  name: singleLine("Name", LIMITS.name),
  email,
  phone,
  company: optionalSingleLine("Company", LIMITS.company),
  service: z.enum(serviceValues, { error: "Choose a service." }),
  details: optionalLongText("Details", LIMITS.details),
  [HONEYPOT_FIELD]: honeypot,
  [CHALLENGE_FIELD]: challenge,
});

export const leadSchemas = { contact: contactSchema, quotation: quotationSchema } as const;

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;
export type QuotationInput = z.input<typeof quotationSchema>;
export type Quotation = z.output<typeof quotationSchema>;

/** The forms' kinds: each has its service (POST /contact, POST /quotation) and its schema. */
export type LeadKind = "contact" | "quotation";

/**
 * Every kind of lead the store holds: the forms', the booked consultations (issue 26) and the
 * live-chat conversations (issue 27).
 */
export const STORED_LEAD_KINDS = ["contact", "quotation", "consultation", "chat"] as const;
export type StoredLeadKind = (typeof STORED_LEAD_KINDS)[number];

/** Shape of a 400 answer from either service. */
export interface ValidationErrorBody {
  error: "validation_failed";
  fields: Record<string, string[]>;
}

/** Shape of a 201 answer from either service. */
export interface LeadCreatedBody {
  id: string;
}

/** Turns a zod error into `{ field: [messages] }`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
