// A lead's timeline: what happened to it, oldest first: received, each channel's deliveries, status
// and assignee changes, spam decisions, notes and exports (from the audit trail).
import type { LeadStatus, TimelineItem } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";

/** What happened to a lead, oldest first; undefined when there is no such lead. */
export async function leadTimeline(db: Kysely<DB>, leadId: string): Promise<TimelineItem[] | undefined> {
  const lead = await db
    .selectFrom("leads")
    .select(["kind", "created_at"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead) return undefined;
  const names = new Map(
    (await db.selectFrom("staff").select(["id", "name"]).execute()).map((s) => [s.id, s.name] as const),
  );
  const person = (id: string | null) => (id ? { id, name: names.get(id) ?? "" } : null);
  // An export by the leads command names the OS user; one in the desk, the member.
  const actorOf = (type: string, id: string) =>
    type === "staff" ? person(id) : { id, name: type === "cli" ? `${id} (leads command)` : id };
  const events = await db.selectFrom("lead_events").selectAll().where("lead_id", "=", leadId).execute();
  const notes = await db
    .selectFrom("notes")
    .select(["id", "staff_id", "created_at"])
    .where("lead_id", "=", leadId)
    .execute();
  const deliveries = await db.selectFrom("outbox").selectAll().where("lead_id", "=", leadId).execute();
  const exports = await db
    .selectFrom("audit_log")
    .select(["at", "actor_type", "actor"])
    .where("action", "=", "export")
    .where("lead_ids", "like", `%"${leadId}"%`)
    .execute();
  const items: TimelineItem[] = [
    { type: "received", at: lead.created_at, kind: lead.kind },
    ...deliveries.flatMap((d): TimelineItem[] => {
      const base = { type: "delivery" as const, channel: d.channel, attempts: Number(d.attempts) };
      const out: TimelineItem[] = [{ ...base, at: d.queued_at, event: "queued", error: null }];
      if (d.sent_at) out.push({ ...base, at: d.sent_at, event: "sent", error: null });
      else if (d.given_up_at) out.push({ ...base, at: d.given_up_at, event: "failed", error: d.last_error });
      else if (d.last_attempt_at)
        out.push({ ...base, at: d.last_attempt_at, event: "retrying", error: d.last_error });
      return out;
    }),
    ...exports.map(
      (x): TimelineItem => ({ type: "export", at: x.at, actor: actorOf(x.actor_type, x.actor) }),
    ),
    ...events.map(
      (e): TimelineItem =>
        e.type === "spam"
          ? { type: "spam", at: e.at, actor: person(e.staff_id), spam: e.to_value === "spam" }
          : e.type === "meeting"
            ? {
                type: "meeting",
                at: e.at,
                actor: person(e.staff_id),
                from: e.from_value,
                to: e.to_value ?? "",
              }
            : e.type === "status"
              ? {
                  type: "status",
                  at: e.at,
                  actor: person(e.staff_id),
                  from: e.from_value as LeadStatus | null,
                  to: e.to_value as LeadStatus,
                }
              : {
                  type: "assignee",
                  at: e.at,
                  actor: person(e.staff_id),
                  from: person(e.from_value),
                  to: person(e.to_value),
                },
    ),
    ...notes.map(
      (n): TimelineItem => ({ type: "note", at: n.created_at, actor: person(n.staff_id), noteId: n.id }),
    ),
  ];
  // By time; at the same instant in the order things happen in one request.
  const rank = { received: 0, delivery: 1, spam: 2, meeting: 3, status: 4, assignee: 5, note: 6, export: 7 };
  return items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : rank[a.type] - rank[b.type]));
}
