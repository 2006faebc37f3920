import type { QuotationService, StoredLeadKind } from "@site/contracts";
import type { DeliveryChannel, LeadStatus } from "@site/contracts/desk";
import type { Generated } from "kysely";
import type { ConsultationTables } from "./consultation-schema";
import type { ChatTables } from "./chat-schema";
import type { DeskTables } from "./desk-schema";
import type { VitalsTables } from "./vitals-schema";
import type { ContentTables } from "./content-schema";

/** Row types of the lead store. Timestamps are ISO 8601 UTC strings (sortable in both dialects). */
export interface LeadsTable {
  id: string;
  kind: StoredLeadKind;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  /** A QUOTATION_SERVICES value (quotations only; validated before it is stored). */
  service: QuotationService | null;
  message: string | null;
  details: string | null;
  /** 0 or 1 (an integer keeps the schema identical on SQLite and PostgreSQL). */
  is_spam: number;
  created_at: string;
  /** The desk's working state (migration 0004). */
  status: Generated<LeadStatus>;
  /** A staff id, or null. */
  assignee: string | null;
  /** The company's last contact with the person (= created_at until the desk moves it); retention counts from it. */
  last_activity_at: string | null;
  /** 1: a form's lead sent without a valid, unused proof-of-work solution (migration 0011). */
  unverified: Generated<number>;
}

/** Where a lead's notifications go; one outbox row per channel. */
export type Channel = DeliveryChannel;

export interface OutboxTable {
  lead_id: string;
  channel: Channel;
  /** When this delivery was queued (or requeued by hand); it is given up DELIVERY_EXPIRY later. */
  queued_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  last_attempt_at: string | null;
  sent_at: string | null;
  /** Set when the delivery expired unsent: it is no longer tried (a person may requeue it). */
  given_up_at: string | null;
  message_id: string | null;
  /** Lease: a worker owns the row until this time; lets several processes share one database. */
  locked_until: string | null;
  claim_token: string | null;
}

export interface IdempotencyKeysTable {
  kind: string;
  key: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: string;
  /** The lead the key created (null for older keys without one). */
  lead_id: string | null;
}

interface AuditLogTable {
  id: string;
  at: string;
  actor_type: string;
  /** OS user name (cli), staff id (staff) or process name (system). */
  actor: string;
  action: string;
  /** JSON array of lead ids. */
  lead_ids: string;
  lead_count: number;
  /** JSON object of counts and enumerated values, never personal data. */
  detail: string;
}

/** A proof-of-work solution accepted once (migration 0011): its challenge's nonce, until it expires. */
interface SpentChallengesTable {
  id: string;
  expires_at: string;
}

interface AutoreplyLogTable {
  /** SHA-256 of the lower-cased address. */
  address_hash: string;
  sent_at: string;
}

/**
 * SQLite only (migrations 0004, 0005): one row per lead in the search index. Its rowid is the lead's
 * rowid in the FTS5 tables; it copies the inbox's filter columns, so searches never read `leads`.
 */
interface LeadsFtsKeysTable {
  rowid: Generated<number>;
  lead_id: string;
  created_at: string;
  is_spam: number;
  status: LeadStatus;
  kind: StoredLeadKind;
  service: QuotationService | null;
  assignee: string | null;
}

/** SQLite only (migration 0005): leads stored but not yet in the search index. */
interface SearchBacklogTable {
  lead_id: string;
}

/**
 * What a webhook receiver asked for, per endpoint (migration 0007). The URL itself is never stored (it
 * may carry a token): its SHA-256 and its origin.
 */
interface WebhookEndpointsTable {
  url_hash: string;
  /** scheme://host[:port] of WEBHOOK_URL: what the desk shows. */
  origin: string;
  /** The last start of a process delivering to it: the newest is the current endpoint. */
  configured_at: string;
  /** It answered 410 Gone: nothing is sent to it until it is configured again. */
  gone_at: string | null;
  /** A 429 or 503 asked to wait (Retry-After): nothing is sent to it before. */
  held_until: string | null;
}

export interface DB extends DeskTables, VitalsTables, ConsultationTables, ChatTables, ContentTables {
  webhook_endpoints: WebhookEndpointsTable;
  leads_fts_keys: LeadsFtsKeysTable;
  search_backlog: SearchBacklogTable;
  leads: LeadsTable;
  outbox: OutboxTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  autoreply_log: AutoreplyLogTable;
  spent_challenges: SpentChallengesTable;
}
