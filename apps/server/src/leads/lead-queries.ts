import { type LeadKind, quotationServiceLabel } from "@site/contracts";
import type { InferResult, Kysely } from "kysely";
import type { DB } from "../db/schema";

// The read model of the leads command (list, show, export): every field of a lead, spam or not,
// and the state of its notification.

type NotificationState = "pending" | "sent" | "failed-retrying" | "not-notified-spam";

export interface LeadView {
  id: string;
  kind: LeadKind;
  createdAt: string;
  spam: boolean;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  service: string | null;
  serviceLabel: string | null;
  message: string | null;
  details: string | null;
  notification: {
    state: NotificationState;
    attempts: number;
    nextAttemptAt: string | null;
    lastAttemptAt: string | null;
    lastError: string | null;
    sentAt: string | null;
    messageId: string | null;
  };
}

export interface LeadFilter {
  kind?: LeadKind | undefined;
  since?: Date | undefined;
  /** "exclude" (default): real leads only; "only": spam only; "include": both. */
  spam?: "exclude" | "only" | "include";
  id?: string;
}

/** Each lead with its outbox row (none for spam), oldest first. */
function leadsWithOutbox(db: Kysely<DB>) {
  return db
    .selectFrom("leads")
    .leftJoin("outbox", "outbox.lead_id", "leads.id")
    .selectAll("leads")
    .select([
      "outbox.attempts",
      "outbox.next_attempt_at",
      "outbox.last_attempt_at",
      "outbox.last_error",
      "outbox.sent_at",
      "outbox.message_id",
    ])
    .orderBy("leads.created_at", "asc")
    .orderBy("leads.id", "asc");
}

type Joined = InferResult<ReturnType<typeof leadsWithOutbox>>[number];

function toView(r: Joined): LeadView {
  const spam = Number(r.is_spam) === 1;
  const attempts = Number(r.attempts ?? 0);
  const state: NotificationState = spam
    ? "not-notified-spam"
    : r.sent_at
      ? "sent"
      : attempts > 0
        ? "failed-retrying"
        : "pending";
  return {
    id: r.id,
    kind: r.kind,
    createdAt: r.created_at,
    spam,
    name: r.name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    service: r.service,
    serviceLabel: r.service ? quotationServiceLabel(r.service) : null,
    message: r.message,
    details: r.details,
    notification: {
      state,
      attempts,
      nextAttemptAt: spam || r.sent_at ? null : r.next_attempt_at,
      lastAttemptAt: r.last_attempt_at,
      lastError: r.last_error,
      sentAt: r.sent_at,
      messageId: r.message_id,
    },
  };
}

export async function listLeads(db: Kysely<DB>, filter: LeadFilter = {}): Promise<LeadView[]> {
  let q = leadsWithOutbox(db);
  if (filter.id) q = q.where("leads.id", "=", filter.id);
  if (filter.kind) q = q.where("leads.kind", "=", filter.kind);
  if (filter.since) q = q.where("leads.created_at", ">=", filter.since.toISOString());
  const spam = filter.spam ?? "exclude";
  if (spam === "exclude") q = q.where("leads.is_spam", "=", 0);
  if (spam === "only") q = q.where("leads.is_spam", "=", 1);
  return (await q.execute()).map(toView);
}

export async function getLead(db: Kysely<DB>, id: string): Promise<LeadView | undefined> {
  const [lead] = await listLeads(db, { id, spam: "include" });
  return lead;
}
