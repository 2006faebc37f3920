import { quotationServiceLabel, type StoredLeadKind } from "@site/contracts";
import { DELIVERY_CHANNELS, type LeadStatus } from "@site/contracts/desk";
import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from "kysely";
import type { Channel, DB, LeadsTable, OutboxTable } from "../platform/db/schema";

// The read model of the leads command (list, show, export) and of exports: every field of a lead,
// spam or not, its working state in the desk, the state of each channel's delivery and, for exports
// (everything stored about a person, article 15), the notes on it and its history.

type DeliveryState = "pending" | "sent" | "failed-retrying" | "failed" | "not-notified-spam";

/** One channel's delivery of a lead (e-mail to the company, webhook, autoreply to the visitor). */
export interface DeliveryView {
  channel: Channel;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  /** When a delivery that was never made was given up. */
  failedAt: string | null;
  /** Message-ID of a mail, webhook-id of a webhook. */
  messageId: string | null;
}

export interface LeadView {
  id: string;
  kind: StoredLeadKind;
  createdAt: string;
  lastActivityAt: string;
  spam: boolean;
  /** A form's lead sent without a solved challenge: nothing was mailed to its address. */
  unverified: boolean;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  service: string | null;
  serviceLabel: string | null;
  message: string | null;
  details: string | null;
  /** The e-mail to the company (as before channels existed; spam: "not-notified-spam"). */
  notification: Omit<DeliveryView, "channel">;
  /** Every channel's delivery, e-mail first. */
  deliveries: DeliveryView[];
  /** The desk's working state: status, and the name of the member it is assigned to. */
  status: LeadStatus;
  assignee: string | null;
  /** A consultation's meeting (issue 26): when, with whom, in which zone the visitor booked it. */
  meeting?: { start: string; end: string; status: string; member: string; visitorZone: string };
  /** With `withWork`: the staff's notes and the lead's history (status, assignee and spam changes). */
  notes?: { at: string; author: string; body: string }[];
  history?: { at: string; by: string | null; change: string; from: string | null; to: string | null }[];
  /** With `withWork`, a chat's messages in order (who wrote: the visitor, or the member's name). */
  transcript?: { at: string; author: "visitor" | "staff"; name: string | null; body: string }[];
}

export interface LeadFilter {
  kind?: StoredLeadKind | undefined;
  since?: Date | undefined;
  /** "exclude" (default): real leads only; "only": spam only; "include": both. */
  spam?: "exclude" | "only" | "include";
  id?: string;
  /** An address, matched case-insensitively (trimmed). */
  email?: string;
  /** Only the leads this query selects (the desk's inbox filters). */
  idsIn?: SelectQueryBuilder<DB, "leads", { id: string }>;
  /** Also read each lead's notes and history (exports). */
  withWork?: boolean;
}

/** Deliveries are listed in the channels' order (e-mail first). */
const CHANNEL_ORDER: readonly Channel[] = DELIVERY_CHANNELS;

function deliveryView(r: Selectable<OutboxTable>): DeliveryView {
  const attempts = Number(r.attempts ?? 0);
  const state: DeliveryState = r.sent_at
    ? "sent"
    : r.given_up_at
      ? "failed"
      : attempts > 0
        ? "failed-retrying"
        : "pending";
  return {
    channel: r.channel,
    state,
    attempts,
    nextAttemptAt: r.sent_at || r.given_up_at ? null : r.next_attempt_at,
    lastAttemptAt: r.last_attempt_at,
    lastError: r.last_error,
    sentAt: r.sent_at,
    failedAt: r.given_up_at,
    messageId: r.message_id,
  };
}

const NOT_NOTIFIED: Omit<DeliveryView, "channel"> = {
  state: "not-notified-spam",
  attempts: 0,
  nextAttemptAt: null,
  lastAttemptAt: null,
  lastError: null,
  sentAt: null,
  failedAt: null,
  messageId: null,
};

function toView(
  r: Selectable<LeadsTable> & { assignee_name: string | null },
  outbox: Selectable<OutboxTable>[],
): LeadView {
  const spam = Number(r.is_spam) === 1;
  const deliveries = outbox
    .map(deliveryView)
    .sort((a, b) => CHANNEL_ORDER.indexOf(a.channel) - CHANNEL_ORDER.indexOf(b.channel));
  const email = deliveries.find((d) => d.channel === "email");
  const { channel: _, ...notification } = email ?? { ...NOT_NOTIFIED, channel: "email" };
  return {
    id: r.id,
    kind: r.kind,
    createdAt: r.created_at,
    lastActivityAt: r.last_activity_at ?? r.created_at,
    spam,
    unverified: Number(r.unverified) === 1,
    name: r.name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    service: r.service,
    serviceLabel: r.service ? quotationServiceLabel(r.service) : null,
    message: r.message,
    details: r.details,
    notification: spam && !email ? NOT_NOTIFIED : notification,
    deliveries,
    status: r.status,
    assignee: r.assignee ? (r.assignee_name ?? r.assignee) : null,
  };
}

/** The leads matching `filter`, oldest first (one query), each with its deliveries (a second one). */
export async function listLeads(db: Kysely<DB>, filter: LeadFilter = {}): Promise<LeadView[]> {
  let q = db
    .selectFrom("leads")
    .leftJoin("staff", "staff.id", "leads.assignee")
    .selectAll("leads")
    .select("staff.name as assignee_name")
    .orderBy("leads.created_at", "asc")
    .orderBy("leads.id", "asc");
  if (filter.id) q = q.where("leads.id", "=", filter.id);
  if (filter.idsIn) q = q.where("leads.id", "in", filter.idsIn);
  if (filter.email) q = q.where(sql`lower(leads.email)`, "=", filter.email.trim().toLowerCase());
  if (filter.kind) q = q.where("leads.kind", "=", filter.kind);
  if (filter.since) q = q.where("leads.created_at", ">=", filter.since.toISOString());
  const spam = filter.spam ?? "exclude";
  if (spam === "exclude") q = q.where("leads.is_spam", "=", 0);
  if (spam === "only") q = q.where("leads.is_spam", "=", 1);
  const leads = await q.execute();
  if (leads.length === 0) return [];
  const ids = q.clearSelect().clearOrderBy().select("leads.id");
  const byLead = <T extends { lead_id: string }>(rows: T[]) => {
    const m = new Map<string, T[]>();
    for (const r of rows) m.set(r.lead_id, [...(m.get(r.lead_id) ?? []), r]);
    return m;
  };
  const outbox = byLead(
    await db.selectFrom("outbox").selectAll("outbox").where("outbox.lead_id", "in", ids).execute(),
  );
  const meetings = new Map(
    (
      await db
        .selectFrom("consultations")
        .innerJoin("staff", "staff.id", "consultations.staff_id")
        .select(["lead_id", "starts_at", "ends_at", "status", "visitor_zone", "staff.name"])
        .where("lead_id", "in", ids)
        .execute()
    ).map((m) => [
      m.lead_id,
      { start: m.starts_at, end: m.ends_at, status: m.status, member: m.name, visitorZone: m.visitor_zone },
    ]),
  );
  const views = leads.map((l) => {
    const view = toView(l, outbox.get(l.id) ?? []);
    const meeting = meetings.get(l.id);
    return meeting ? { ...view, meeting } : view;
  });
  if (!filter.withWork) return views;

  const staff = new Map(
    (await db.selectFrom("staff").select(["id", "name"]).execute()).map((m) => [m.id, m.name]),
  );
  const name = (id: string | null) => (id ? (staff.get(id) ?? id) : null);
  const notes = byLead(
    await db.selectFrom("notes").selectAll().where("lead_id", "in", ids).orderBy("created_at").execute(),
  );
  const events = byLead(
    await db.selectFrom("lead_events").selectAll().where("lead_id", "in", ids).orderBy("at").execute(),
  );
  const chats = views.some((v) => v.kind === "chat")
    ? byLead(
        await db
          .selectFrom("chat_messages")
          .selectAll()
          .where("lead_id", "in", ids)
          .orderBy("lead_id")
          .orderBy("seq")
          .execute(),
      )
    : new Map<string, never[]>();
  return views.map((v) => ({
    ...v,
    ...(v.kind === "chat"
      ? {
          transcript: (chats.get(v.id) ?? []).map((m) => ({
            at: m.created_at,
            author: m.author,
            name: m.author === "staff" ? name(m.staff_id) : null,
            body: m.body,
          })),
        }
      : {}),
    notes: (notes.get(v.id) ?? []).map((n) => ({
      at: n.created_at,
      author: name(n.staff_id) ?? "",
      body: n.body,
    })),
    history: (events.get(v.id) ?? []).map((e) => ({
      at: e.at,
      by: name(e.staff_id),
      change: e.type,
      from: e.type === "assignee" ? name(e.from_value) : e.from_value,
      to: e.type === "assignee" ? name(e.to_value) : e.to_value,
    })),
  }));
}

/** One lead, spam or not, with its notes and history. */
export async function getLead(db: Kysely<DB>, id: string): Promise<LeadView | undefined> {
  const [lead] = await listLeads(db, { id, spam: "include", withWork: true });
  return lead;
}
