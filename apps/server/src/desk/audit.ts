// The ONE way desk code writes the audit trail. Issue 15 owns audit_log (data-model.md); the desk's
// migration created the same table on this branch. At merge, point this function at issue 15's table
// or its helper: every desk action goes through here and nowhere else.
import type { AuditActorType } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { newLeadId } from "../leads/ids";

export interface AuditEntry {
  actorType: AuditActorType;
  /** OS user name (cli), staff id (staff) or process name (system). */
  actor: string;
  /** e.g. "lead.status", "lead.note", "staff.invite". */
  action: string;
  /** Ids only. */
  leadIds?: readonly string[];
  /** Ids, counts and enumerated values only: never a person's data (no names, e-mails, text). */
  detail?: Record<string, string | number | boolean | null>;
}

/** Writes one audit row; pass the transaction the action runs in, so both commit or neither. */
export async function recordAudit(db: Kysely<DB>, entry: AuditEntry, at: Date): Promise<void> {
  const leadIds = entry.leadIds ?? [];
  await db
    .insertInto("audit_log")
    .values({
      id: newLeadId(at),
      at: at.toISOString(),
      actor_type: entry.actorType,
      actor: entry.actor,
      action: entry.action,
      lead_ids: JSON.stringify(leadIds),
      lead_count: leadIds.length,
      detail: JSON.stringify(entry.detail ?? {}),
    })
    .execute();
}
