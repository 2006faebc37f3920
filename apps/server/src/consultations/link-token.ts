// The visitor's reschedule and cancel links carry `<lead id>.<HMAC-SHA256 of it>`: anyone with the
// link may change that one meeting (until it starts), and a token changed by one character is refused.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../platform/clock";
import type { DB } from "../platform/db/schema";
import { serverSecretOnce } from "../platform/db/server-secrets";

const PURPOSE = "consultation-link:";
const SECRET_NAME = "consultation-link-hmac";

/**
 * The HMAC key: CONSULTATION_LINK_SECRET when set, otherwise one kept in the database
 * (platform/db/server-secrets.ts), loaded once for the routes and the mails of one process.
 */
export function linkSecretOnce(db: Kysely<DB>, configured: string | undefined, clock: Clock) {
  return serverSecretOnce(db, SECRET_NAME, configured, clock);
}

const mac = (secret: Buffer, leadId: string) =>
  createHmac("sha256", secret)
    .update(PURPOSE + leadId)
    .digest("base64url");

export function signLink(secret: Buffer, leadId: string): string {
  return `${leadId}.${mac(secret, leadId)}`;
}

/** The lead id of a token whose signature is right, else undefined. */
export function verifyLink(secret: Buffer, token: string): string | undefined {
  const dot = token.lastIndexOf(".");
  const leadId = token.slice(0, dot);
  if (dot < 1 || !/^[0-9a-f-]{36}$/.test(leadId)) return undefined;
  const given = Buffer.from(token.slice(dot + 1), "utf8");
  const expected = Buffer.from(mac(secret, leadId), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected) ? leadId : undefined;
}
