// The ONE way code writes and reads the audit trail: purges, erasures, exports, backups and every
// action in the staff desk. It holds who, when, what and which lead ids, never a person's data.
import type { AuditActorType, AuditRecord } from "@site/contracts";
import type { Kysely } from "kysely";
import { userInfo } from "node:os";
import type { DB } from "../platform/db/schema";
import { newLeadId } from "../platform/ids";

export interface AuditEntry {
  actorType: AuditActorType;
  /** OS user name (cli), staff id (staff) or process name (system). */
  actor: string;
  /** e.g. "purge", "erase", "export", "backup", "lead.status". */
  action: string;
  /** Ids only. */
  leadIds?: readonly string[];
  /** Ids, counts and enumerated values only: never a person's data (no names, e-mails, text). */
  detail?: Record<string, string | number | boolean | null>;
}

/** Who acted, as the trail names them. */
export type Actor = Pick<AuditEntry, "actorType" | "actor">;

/** A member of the staff, acting in the desk. */
export const staffActor = (staff: { id: string }): Actor => ({ actorType: "staff", actor: staff.id });

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

/** The person at the leads command, as the operating system knows them. */
export function cliActor(): Actor {
  let actor = "";
  try {
    actor = userInfo().username;
  } catch {
    // No passwd entry (some containers): the login name, or at least the uid, still says who.
    actor = process.env.USER || process.env.LOGNAME || `uid ${process.getuid?.() ?? "?"}`;
  }
  return { actorType: "cli", actor };
}

/** The trail, oldest first, from `since` on (ISO date or time) when given. */
export async function listAudit(db: Kysely<DB>, opts: { since?: string } = {}): Promise<AuditRecord[]> {
  let q = db.selectFrom("audit_log").selectAll().orderBy("at", "asc").orderBy("id", "asc");
  if (opts.since) q = q.where("at", ">=", opts.since);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actorType: r.actor_type as AuditActorType,
    actor: r.actor,
    action: r.action,
    leadIds: JSON.parse(r.lead_ids) as string[],
    leadCount: Number(r.lead_count),
    detail: JSON.parse(r.detail) as AuditRecord["detail"],
  }));
}
