// What the desk reads and changes of the conversations: the Chats list with unread counts, a
// transcript, taking and closing (audited), and each member's availability.
import type { ChatSummary, ChatTranscript, Staff } from "@site/contracts/desk";
import { type Kysely, sql } from "kysely";
import type { DB } from "../platform/db/schema";
import { recordAudit, staffActor } from "../records/audit";
import { messagesAfter } from "./chat-reads";
import { inOfficeHours } from "./office-hours";

/** A member counts as present while their desk's stream beats within this time. */
const PRESENCE_TTL_MS = 60_000;
/** Closed conversations stay in the list this long after their last message. */
const CLOSED_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;
const PREVIEW = 140;

function summaries(db: Kysely<DB>) {
  return db
    .selectFrom("chat_conversations as c")
    .innerJoin("leads as l", "l.id", "c.lead_id")
    .leftJoin("staff as s", "s.id", "c.taken_by")
    .select([
      "c.lead_id",
      "c.state",
      "c.taken_by",
      "c.last_seq",
      "c.last_message_at",
      "c.page",
      "c.created_at",
      "c.visitor_read_seq",
      "c.staff_read_seq",
      "c.mailed_seq",
      "l.name",
      "l.email",
      "s.name as taken_name",
    ])
    .select((eb) => [
      eb
        .selectFrom("chat_messages as m")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("m.lead_id", "=", "c.lead_id")
        .where("m.author", "=", "visitor")
        .whereRef("m.seq", ">", "c.staff_read_seq")
        .as("unread"),
      eb
        .selectFrom("chat_messages as m")
        .select("m.body")
        .whereRef("m.lead_id", "=", "c.lead_id")
        .whereRef("m.seq", "=", "c.last_seq")
        .as("last_body"),
    ])
    .where("l.is_spam", "=", 0);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>["executeTakeFirstOrThrow"]>>;

function toSummary(r: SummaryRow): ChatSummary {
  const body = r.last_body ?? "";
  return {
    id: r.lead_id,
    name: r.name,
    email: r.email,
    state: r.state,
    takenBy: r.taken_by ? { id: r.taken_by, name: r.taken_name ?? "" } : null,
    unread: Number(r.unread ?? 0),
    lastSeq: Number(r.last_seq),
    lastMessageAt: r.last_message_at,
    preview: [...body].length > PREVIEW ? `${[...body].slice(0, PREVIEW - 1).join("")}…` : body,
    page: r.page,
    createdAt: r.created_at,
  };
}

/** Open conversations first, then those closed within a week; newest activity first in each. */
export async function listConversations(db: Kysely<DB>, now: Date): Promise<ChatSummary[]> {
  const rows = await summaries(db)
    .where((eb) =>
      eb.or([
        eb("c.state", "=", "open"),
        eb("c.last_message_at", ">", new Date(now.getTime() - CLOSED_SHOWN_MS).toISOString()),
      ]),
    )
    .orderBy(sql`case when c.state = 'open' then 0 else 1 end`)
    .orderBy("c.last_message_at", "desc")
    .limit(200)
    .execute();
  return rows.map(toSummary);
}

/** One conversation's summary (undefined for spam or none). */
export async function conversationSummary(db: Kysely<DB>, id: string): Promise<ChatSummary | undefined> {
  const r = await summaries(db).where("c.lead_id", "=", id).executeTakeFirst();
  return r && toSummary(r);
}

/** The transcript of a conversation (spam included: the lead's page shows it too). */
export async function transcript(db: Kysely<DB>, id: string): Promise<ChatTranscript | undefined> {
  const r = await summaries(db).clearWhere().where("c.lead_id", "=", id).executeTakeFirst();
  if (!r) return undefined;
  return {
    conversation: {
      ...toSummary(r),
      visitorReadSeq: Number(r.visitor_read_seq),
      staffReadSeq: Number(r.staff_read_seq),
      mailedSeq: Number(r.mailed_seq),
    },
    messages: await messagesAfter(db, id, 0, 10_000),
  };
}

/** Takes (assigns to the member) or closes a conversation, with an audit row; false when there is none. */
export async function changeConversation(
  db: Kysely<DB>,
  id: string,
  change: "take" | "close",
  staff: Staff,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable("chat_conversations")
      .set(
        change === "take"
          ? { taken_by: staff.id, state: "open", closed_at: null }
          : { state: "closed", closed_at: now.toISOString() },
      )
      .where("lead_id", "=", id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    if (change === "take") {
      // The lead is the member's too, so the inbox's "assigned to me" finds it.
      await trx.updateTable("leads").set({ assignee: staff.id }).where("id", "=", id).execute();
    }
    await recordAudit(trx, { ...staffActor(staff), action: `chat.${change}`, leadIds: [id] }, now);
    return true;
  });
}

/** The member's "available" switch; also marks them present now. */
export async function setAvailable(db: Kysely<DB>, staffId: string, available: boolean, now: Date) {
  const row = { available: available ? 1 : 0, seen_at: now.toISOString() };
  await db
    .insertInto("chat_presence")
    .values({ staff_id: staffId, ...row })
    .onConflict((oc) => oc.column("staff_id").doUpdateSet(row))
    .execute();
}

/** The member's desk is open (its stream's heartbeat). */
export async function touchPresence(db: Kysely<DB>, staffId: string, now: Date) {
  await db
    .updateTable("chat_presence")
    .set({ seen_at: now.toISOString() })
    .where("staff_id", "=", staffId)
    .execute();
}

export async function isAvailable(db: Kysely<DB>, staffId: string): Promise<boolean> {
  const r = await db
    .selectFrom("chat_presence")
    .select("available")
    .where("staff_id", "=", staffId)
    .executeTakeFirst();
  return Number(r?.available ?? 0) === 1;
}

/**
 * Whether the site's panel says someone answers now: within office hours, and at least one member
 * (not removed) has switched "available" on and has the desk open.
 */
export async function chatStatus(
  db: Kysely<DB>,
  now: Date,
): Promise<{ online: boolean; officeHours: boolean }> {
  const officeHours = inOfficeHours(now);
  if (!officeHours) return { online: false, officeHours };
  const present = await db
    .selectFrom("chat_presence as p")
    .innerJoin("staff as s", "s.id", "p.staff_id")
    .select("p.staff_id")
    .where("p.available", "=", 1)
    .where("s.removed_at", "is", null)
    .where("p.seen_at", ">", new Date(now.getTime() - PRESENCE_TTL_MS).toISOString())
    .limit(1)
    .executeTakeFirst();
  return { online: present !== undefined, officeHours };
}
