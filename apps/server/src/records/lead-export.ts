// An export leaves the system with people's data: every one is written to the audit trail (the ids
// and the format, never the data). The privacy requests (one person's leads) and the desk's export of
// the inbox both go through it.
import type { Database } from "./database";
import { type Actor, recordAudit } from "./audit";
import { type LeadFilter, type LeadView, listLeads } from "./lead-queries";

/**
 * An export of the leads matching `filter`, written to the audit trail (ids, format, never the data).
 * `byEmail`: one person's export (article 15).
 */
export async function exportLeads(
  database: Database,
  opts: { filter: LeadFilter; format: "json" | "csv"; now: Date; actor: Actor; byEmail?: true },
): Promise<LeadView[]> {
  const leads = await listLeads(database.db, { ...opts.filter, withWork: true });
  await recordAudit(
    database.db,
    {
      ...opts.actor,
      action: "export",
      leadIds: leads.map((l) => l.id),
      detail: { format: opts.format, ...(opts.byEmail ? { byEmail: true } : {}) },
    },
    opts.now,
  );
  return leads;
}
