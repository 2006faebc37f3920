// Free consultations: the visitor's slots, booking and signed links (contact listener), the desk's
// meetings and availability, and the meetings' mails (invitations, reminders, releases) as outbox
// channels of their own.
import { proofOfWorkFor } from "../platform/challenge/proof-of-work";
import type { Feature } from "../records/feature";
import { configuredChannels } from "../records/outbox/channels";
import { registerConsultationDeskRoutes } from "./desk-routes";
import { organizerOf } from "./invitation";
import { linkSecretOnce } from "./link-token";
import { meetingChannels } from "./meeting-channels";
import { registerConsultationRoutes } from "./public-routes";

export const consultationsFeature: Feature = {
  roles: ["contact", "desk"],
  async register(app, { role, config, database, clock, onLeadStored }) {
    if (role === "desk") {
      registerConsultationDeskRoutes(app, { database, clock, onChange: onLeadStored });
      return;
    }
    await registerConsultationRoutes(app, {
      database,
      clock,
      secret: linkSecretOnce(database.db, config.CONSULTATION_LINK_SECRET, clock),
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      upcomingPerClient: config.CONSULTATIONS_PER_CLIENT,
      canMail: Boolean(config.SMTP_URL),
      allowedOrigins: config.ALLOWED_ORIGINS,
      teamChannels: configuredChannels(config),
      organizer: organizerOf(config.MAIL_FROM, config.NOTIFY_TO),
      mailFrom: config.MAIL_FROM,
      siteUrl: config.siteOrigin,
      onChange: onLeadStored,
      pow: proofOfWorkFor(database.db, config),
    });
  },
  // Each reads the meeting when its row is delivered (meeting-channels.ts); they wait for SMTP_URL.
  channels({ config, database, clock, mailer }) {
    if (!mailer) return {};
    return meetingChannels({
      db: database.db,
      mailer,
      clock,
      secret: linkSecretOnce(database.db, config.CONSULTATION_LINK_SECRET, clock),
      settings: {
        mailFrom: config.MAIL_FROM,
        organizer: organizerOf(config.MAIL_FROM, config.NOTIFY_TO),
        siteUrl: config.siteOrigin,
        deskUrl: config.DESK_URL,
      },
    });
  },
};
