// The visitor's links carry `<lead id>.<HMAC-SHA256 of it>`: the reschedule and cancel link (anyone
// with it may change that one meeting until it starts) and the confirmation link of a booking that waits
// for a confirmed address, each signed for its purpose, so neither works as the other; a token changed
// by one character is refused. The same key makes the keyed hash of a client stored with its meetings.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../platform/clock";
import type { DB } from "../platform/db/schema";
import { serverSecretOnce } from "../platform/db/server-secrets";

/** What a token is for: the manage link (reschedule, cancel) or the confirmation link. */
export type LinkPurpose = "manage" | "confirm";
const PURPOSES: Record<LinkPurpose, string> = {
  manage: "consultation-link:",
  confirm: "consultation-confirm:",
};
const SECRET_NAME = "consultation-link-hmac";

/**
 * The HMAC key: CONSULTATION_LINK_SECRET when set, otherwise one kept in the database
 * (platform/db/server-secrets.ts), loaded once for the routes and the mails of one process.
 */
export function linkSecretOnce(db: Kysely<DB>, configured: string | undefined, clock: Clock) {
  return serverSecretOnce(db, SECRET_NAME, configured, clock);
}

const mac = (secret: Buffer, leadId: string, purpose: LinkPurpose) =>
  createHmac("sha256", secret)
    .update(PURPOSES[purpose] + leadId)
    .digest("base64url");

export function signLink(secret: Buffer, leadId: string, purpose: LinkPurpose = "manage"): string {
  return `${leadId}.${mac(secret, leadId, purpose)}`;
}

/** The lead id of a token whose signature for `purpose` is right, else undefined. */
export function verifyLink(
  secret: Buffer,
  token: string,
  purpose: LinkPurpose = "manage",
): string | undefined {
  const dot = token.lastIndexOf(".");
  const leadId = token.slice(0, dot);
  if (dot < 1 || !/^[0-9a-f-]{36}$/.test(leadId)) return undefined;
  const given = Buffer.from(token.slice(dot + 1), "utf8");
  const expected = Buffer.from(mac(secret, leadId, purpose), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected) ? leadId : undefined;
}

/**
 * A client (client-key.ts: an IPv4 address or IPv6 /64) as stored with its meetings for the cap on
 * upcoming ones: keyed with the links' secret, so the stored value does not give the address back
 * (an unkeyed hash of an IPv4 address is undone by trying all 2^32), and shared by every instance.
 */
export function clientHash(secret: Buffer, client: string): string {
  return createHmac("sha256", secret).update(`consultation-client:${client}`).digest("hex");
}
