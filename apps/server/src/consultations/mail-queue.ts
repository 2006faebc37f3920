// A meeting's mails are outbox rows (the existing outbox: retries, leases, exactly one sender across
// instances). Each row brings one party's calendar in line with the meeting as it is when the mail
// goes out, so a change only (re)queues the row: a mail not sent yet is simply sent in its newest form.
import type { Channel, DB } from "../platform/db/schema";
import type { Kysely } from "kysely";

/** The reminder goes this long before the meeting. */
const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

export type MeetingChannel = Extract<
  Channel,
  "invitation" | "member-invitation" | "member-release" | "reminder" | "member-reminder"
>;

/**
 * Queues (or requeues) the row of `channel` to be sent at `at`: a row already sent, failing or
 * leased starts afresh; a worker sending it now loses its claim, so the newest state goes out.
 */
export async function queueMeetingMail(trx: Kysely<DB>, leadId: string, channel: MeetingChannel, at: Date) {
  const when = at.toISOString();
  const fresh = {
    queued_at: when,
    next_attempt_at: when,
    attempts: 0,
    sent_at: null,
    given_up_at: null,
    last_error: null,
    last_attempt_at: null,
    message_id: null,
    locked_until: null,
    claim_token: null,
  };
  await trx
    .insertInto("outbox")
    .values({ lead_id: leadId, channel, ...fresh })
    .onConflict((oc) => oc.columns(["lead_id", "channel"]).doUpdateSet(fresh))
    .execute();
}

/** The reminders of a meeting starting at `start`: due 24 h before, none when that time is past. */
export async function queueReminders(trx: Kysely<DB>, leadId: string, start: Date, now: Date) {
  const due = new Date(start.getTime() - REMINDER_BEFORE_MS);
  if (due.getTime() <= now.getTime()) return dropReminders(trx, leadId);
  await queueMeetingMail(trx, leadId, "reminder", due);
  await queueMeetingMail(trx, leadId, "member-reminder", due);
}

/** A cancelled meeting (or one too close for a reminder) sends no reminder. */
export async function dropReminders(trx: Kysely<DB>, leadId: string) {
  await trx
    .deleteFrom("outbox")
    .where("lead_id", "=", leadId)
    .where("channel", "in", ["reminder", "member-reminder"])
    .where("sent_at", "is", null)
    .execute();
}
