import nodemailer from "nodemailer";

export interface MailSettings {
  notifyTo: string;
  mailFrom: string;
}

export interface OutgoingMail {
  from: string;
  /** One address, or several (a mail to every former member of a meeting). */
  to: string | string[];
  /** Where replies go; none: to the sender. */
  replyTo?: string | { name: string; address: string };
  subject: string;
  messageId: string;
  text: string;
  html?: string;
  headers: Record<string, string>;
  /** A calendar invitation: sent as a text/calendar part whose method parameter matches the object's METHOD. */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
}

/** A transport: anything that can send one message and be closed (nodemailer's SMTP transport). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** One line, no control characters (header injection), bounded. */
export function headerSafe(value: string, max = 120): string {
  const clean = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** The domain of MAIL_FROM ("Website <no-reply@example.com>" → "example.com"). */
export function mailDomain(mailFrom: string): string {
  const addr = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = addr.split("@")[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : "localhost";
}

/** localhost, 127.0.0.0/8 or ::1: a peer on this machine, where no one sits between us and it. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export interface SmtpOptions {
  /**
   * Refuse to send unless the connection is encrypted: smtp:// must upgrade with STARTTLS (a server
   * that does not offer it, or a conversation stripped of it, fails the send). Default: on, except
   * for a loopback host. smtps:// is TLS from the first byte either way.
   */
  requireTls?: boolean | undefined;
}

/** Whether an smtp:// URL must upgrade with STARTTLS (smtps:// is TLS from the start: false). */
export function mustStartTls(smtpUrl: string, requireTls?: boolean): boolean {
  const u = new URL(smtpUrl);
  return u.protocol !== "smtps:" && (requireTls ?? !isLoopbackHost(u.hostname));
}

/** nodemailer over SMTP_URL (smtp://user:pass@host:port or smtps://…), with bounded timeouts. */
export function createSmtpMailer(smtpUrl: string, options: SmtpOptions = {}): Mailer {
  const u = new URL(smtpUrl);
  const secure = u.protocol === "smtps:";
  const transport = nodemailer.createTransport({
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    requireTLS: mustStartTls(smtpUrl, options.requireTls),
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // A loopback peer without a trusted certificate can be accepted with ?tls_reject_unauthorized=false.
    tls: { rejectUnauthorized: u.searchParams.get("tls_reject_unauthorized") !== "false" },
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
