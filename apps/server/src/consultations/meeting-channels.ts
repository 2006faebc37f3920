// The outbox channels of a meeting's mails. Each reads the meeting when its row is delivered and
// sends what is true then; a row whose mail has nothing left to say (a reminder of a cancelled or
// started meeting, a release owed to nobody, an erased meeting) is recorded as skipped, unsent.
import type { Kysely } from "kysely";
import type { Clock } from "../platform/clock";
import type { DB } from "../platform/db/schema";
import type { DeliveryChannel } from "../records/outbox/delivery-channel";
import type { Mailer, OutgoingMail } from "../platform/mail/mailer";
import { signLink } from "./link-token";
import type { MeetingChannel } from "./mail-queue";
import {
  confirmLinkMail,
  type MeetingMailSettings,
  memberInvitationMail,
  memberReleaseMail,
  reminderMail,
  visitorInvitationMail,
} from "./meeting-mails";
import { meetingStatus, type MeetingView, readMeeting, staffContacts } from "./meeting-queries";

export interface MeetingChannelDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  settings: MeetingMailSettings;
  secret: () => Promise<Buffer>;
  clock: Clock;
}

type Build = (m: MeetingView, now: Date) => Promise<OutgoingMail | string>;

/** A channel's mail; none but the confirmation link goes for a meeting not confirmed (`pending`). */
function channel(deps: MeetingChannelDeps, build: Build, pending = false): DeliveryChannel {
  return {
    async deliver(lead) {
      const meeting = await readMeeting(deps.db, lead.id);
      if (!meeting) return "skipped: no meeting";
      if (meeting.status === "pending" && !pending) return "skipped: not confirmed";
      const mail = await build(meeting, deps.clock.now());
      if (typeof mail === "string") return `skipped: ${mail}`;
      await deps.mailer.send(mail);
      return mail.messageId;
    },
  };
}

/** A reminder only for a meeting that stands and has not started. */
const remindable = (m: MeetingView, now: Date) =>
  m.status !== "confirmed" ? "cancelled" : Date.parse(m.start) <= now.getTime() ? "started" : undefined;

export function meetingChannels(deps: MeetingChannelDeps): Record<MeetingChannel, DeliveryChannel> {
  const { settings } = deps;
  const token = async (m: MeetingView) => signLink(await deps.secret(), m.leadId);
  return {
    // Only while the booking waits for it: confirmed, cancelled or lapsed, the link has nothing to do.
    "confirm-link": channel(
      deps,
      async (m, now) => {
        const status = meetingStatus(m, now);
        if (status !== "pending") return status;
        return confirmLinkMail(m, signLink(await deps.secret(), m.leadId, "confirm"), settings);
      },
      true,
    ),
    invitation: channel(deps, async (m, now) => visitorInvitationMail(m, await token(m), settings, now)),
    "member-invitation": channel(deps, async (m, now) => memberInvitationMail(m, settings, now)),
    "member-release": channel(deps, async (m, now) => {
      const former = await staffContacts(deps.db, m.releasedStaff);
      return former.length ? memberReleaseMail(m, former, settings, now) : "nobody to tell";
    }),
    reminder: channel(
      deps,
      async (m, now) => remindable(m, now) ?? reminderMail(m, "visitor", await token(m), settings),
    ),
    "member-reminder": channel(
      deps,
      async (m, now) => remindable(m, now) ?? reminderMail(m, "member", "", settings),
    ),
  };
}
