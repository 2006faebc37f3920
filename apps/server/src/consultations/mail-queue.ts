// A meeting's mails are outbox rows (the records' outbox: retries, leases, exactly one sender across
// instances; records/outbox/queue.ts writes the rows). Each row brings one party's calendar in line with the meeting as it is when the mail
// goes out, so a change only (re)queues the row: a mail not sent yet is simply sent in its newest form.
import type { Channel, DB } from "../platform/db/schema";
import type { Kysely } from "kysely";
import { dropUnsent, requeueDelivery } from "../records/outbox/queue";

/** The reminder goes this long before the meeting. */
const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

export type MeetingChannel = Extract<
  Channel,
  "confirm-link" | "invitation" | "member-invitation" | "member-release" | "reminder" | "member-reminder"
>;

/** Queues (or requeues) the meeting's mail of `channel`, to be sent in its newest form at `at`. */
export async function queueMeetingMail(trx: Kysely<DB>, leadId: string, channel: MeetingChannel, at: Date) {
  await requeueDelivery(trx, leadId, channel, at);
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
  await dropUnsent(trx, leadId, ["reminder", "member-reminder"]);
}
