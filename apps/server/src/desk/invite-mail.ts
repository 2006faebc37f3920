import { randomUUID } from "node:crypto";
import { type MailSettings, mailDomain, type OutgoingMail } from "../platform/mail/mailer";

/** The e-mail that carries an enrolment link to a new member (sent when SMTP_URL is set). */
export function buildInviteMail(
  to: { email: string; name: string },
  link: { url: string; expiresAt: string },
  settings: Pick<MailSettings, "mailFrom">,
): OutgoingMail {
  const until = `${link.expiresAt.replace("T", " ").slice(0, 16)} UTC`;
  const text = [
    `Hello ${to.name},`,
    "",
    "You have been invited to the lead desk. Open this link on the device you will use, and create a",
    "passkey when your browser asks (your fingerprint, face, screen lock or security key):",
    "",
    link.url,
    "",
    `The link works once, until ${until}. If you did not expect it, ignore this e-mail.`,
  ].join("\n");
  const escape = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  // The same paragraphs, the link a link.
  const html = text
    .split("\n\n")
    .map((p) =>
      p.trim() === link.url
        ? `<p><a href="${escape(link.url)}">${escape(link.url)}</a></p>`
        : `<p>${escape(p).replace(/\n/g, " ")}</p>`,
    )
    .join("\n");
  return {
    from: settings.mailFrom,
    to: to.email,
    subject: "Your invitation to the lead desk",
    messageId: `<invite-${randomUUID()}@${mailDomain(settings.mailFrom)}>`,
    text,
    html: `<!doctype html><html lang="en-GB"><body>${html}</body></html>`,
    headers: {},
  };
}
