import { z } from "./zod";
import { deliveryChannelSchema, deliverySchema } from "./desk-actions";
import { QUOTATION_SERVICES, type QuotationService, STORED_LEAD_KINDS, type StoredLeadKind } from "./lead";

export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const leadStatusSchema = z.enum(LEAD_STATUSES);
/** Statuses of a lead still being worked. */
export const OPEN_STATUSES: readonly LeadStatus[] = ["new", "contacted", "qualified"];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
};

/** Each stored kind's name in the desk (its badge, the inbox's filter). */
export const LEAD_KIND_LABELS: Record<StoredLeadKind, string> = {
  contact: "Contact",
  quotation: "Quote request",
  consultation: "Consultation",
  chat: "Chat",
};

const serviceValues = QUOTATION_SERVICES.map((s) => s.value) as [QuotationService, ...QuotationService[]];
export const quotationServiceSchema = z.enum(serviceValues);

export const SPAM_FILTERS = ["exclude", "only", "include"] as const;
export const INBOX_PAGE_SIZE = 50;
export const SEARCH_MAX = 200;
export const NOTE_MAX = 5000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD.");

/**
 * GET /api/leads: the inbox's filters (the same names as the desk's URL, so a view can be shared).
 * `assignee` is a staff id, "me" or "none"; `from`/`to` are UTC days, both inclusive; `cursor` is the
 * opaque position after which the next page starts (keyset on created_at, id).
 */
export const inboxQuerySchema = z.object({
  kind: z.enum(STORED_LEAD_KINDS).optional(),
  status: leadStatusSchema.optional(),
  service: quotationServiceSchema.optional(),
  from: day.optional(),
  to: day.optional(),
  assignee: z
    .string()
    .regex(/^(me|none|[0-9a-f-]{36})$/)
    .optional(),
  spam: z.enum(SPAM_FILTERS).default("exclude"),
  q: z.string().trim().max(SEARCH_MAX).optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(INBOX_PAGE_SIZE),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;
export type InboxFilters = z.output<typeof inboxQuerySchema>;

const person = z.object({ id: z.string(), name: z.string() });

export const leadRowSchema = z.object({
  id: z.string(),
  kind: z.enum(STORED_LEAD_KINDS),
  createdAt: z.string(),
  spam: z.boolean(),
  /** A form's lead sent without a valid proof-of-work solution: nothing was mailed to its address. */
  unverified: z.boolean(),
  status: leadStatusSchema,
  assignee: person.nullable(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  service: z.string().nullable(),
  serviceLabel: z.string().nullable(),
});
export type LeadRow = z.infer<typeof leadRowSchema>;

export const inboxAnswerSchema = z.object({
  leads: z.array(leadRowSchema),
  nextCursor: z.string().nullable(),
  /** Leads per status under the current filters, apart from the status filter itself. */
  counts: z.record(leadStatusSchema, z.number().int()),
});
export type InboxAnswer = z.infer<typeof inboxAnswerSchema>;

export const noteSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  author: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type Note = z.infer<typeof noteSchema>;

export const leadDetailSchema = leadRowSchema.extend({
  phone: z.string(),
  message: z.string().nullable(),
  details: z.string().nullable(),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** GET /api/leads/:id */
export const leadAnswerSchema = z.object({
  lead: leadDetailSchema,
  notes: z.array(noteSchema),
  /** Each channel's delivery (none for spam). */
  deliveries: z.array(deliverySchema),
});
export type LeadAnswer = z.infer<typeof leadAnswerSchema>;

/** PATCH /api/leads/:id: the working state; at least one of the two. */
export const leadUpdateSchema = z
  .object({ status: leadStatusSchema.optional(), assignee: z.string().uuid().nullable().optional() })
  .refine((v) => v.status !== undefined || v.assignee !== undefined, "Send status or assignee.");
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

/** POST /api/leads/:id/notes */
export const noteCreateSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write the note first.")
    .max(NOTE_MAX, `A note is at most ${NOTE_MAX} characters.`),
});

/**
 * GET /api/leads/:id/timeline: what happened to a lead, oldest first: received, each channel's
 * deliveries, status and assignee changes, spam decisions, notes, exports.
 */
const actor = z.object({ id: z.string(), name: z.string() }).nullable();
export const timelineItemSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("received"), at: z.string(), kind: z.enum(STORED_LEAD_KINDS) }),
  z.object({
    type: z.literal("status"),
    at: z.string(),
    actor,
    from: leadStatusSchema.nullable(),
    to: leadStatusSchema,
  }),
  z.object({
    type: z.literal("assignee"),
    at: z.string(),
    actor,
    from: person.nullable(),
    to: person.nullable(),
  }),
  z.object({ type: z.literal("note"), at: z.string(), actor, noteId: z.string() }),
  z.object({
    type: z.literal("delivery"),
    at: z.string(),
    channel: deliveryChannelSchema,
    event: z.enum(["queued", "sent", "retrying", "failed"]),
    attempts: z.number().int(),
    error: z.string().nullable(),
  }),
  z.object({ type: z.literal("spam"), at: z.string(), actor, spam: z.boolean() }),
  z.object({ type: z.literal("export"), at: z.string(), actor }),
  /** A consultation moved (to: the new start, ISO) or cancelled (to: "cancelled"); no actor: the visitor. */
  z.object({
    type: z.literal("meeting"),
    at: z.string(),
    actor,
    from: z.string().nullable(),
    to: z.string(),
  }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export const timelineAnswerSchema = z.object({ items: z.array(timelineItemSchema) });

export const leadIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "Not a lead id."),
});
