import type { LeadKind, QuotationService } from "@site/contracts";
import type { LeadStatus } from "@site/contracts/desk";
import type { Generated } from "kysely";
import type { DeskTables } from "./desk-schema";

/** Row types of the lead store. Timestamps are ISO 8601 UTC strings (sortable in both dialects). */
export interface LeadsTable {
  id: string;
  kind: LeadKind;
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
}

export interface OutboxTable {
  lead_id: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  last_attempt_at: string | null;
  sent_at: string | null;
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
}

export interface DB extends DeskTables {
  leads: LeadsTable;
  outbox: OutboxTable;
  idempotency_keys: IdempotencyKeysTable;
}
