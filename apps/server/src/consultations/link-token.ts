// The visitor's links carry `<lead id>.<HMAC-SHA256 of it>`: the reschedule and cancel link (anyone
// with it may change that one meeting until it starts) and the confirmation link of a booking that waits
// for a confirmed address, each signed for its purpose, so neither works as the other; a token changed
// by one character is refused. The same key makes the keyed hash of a client stored with its meetings.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../platform/clock";
import type { DB } from "../platform/db/schema";

/** What a token is for: the manage link (reschedule, cancel) or the confirmation link. */
export type LinkPurpose = "manage" | "confirm";
const PURPOSES: Record<LinkPurpose, string> = {
  manage: "consultation-link:",
  confirm: "consultation-confirm:",
};
const SECRET_NAME = "consultation-link-hmac";

/**
 * The HMAC key: CONSULTATION_LINK_SECRET when set (operators who keep secrets out of the database);
 * otherwise 32 random bytes stored in the database the first time any instance needs them, so
 * `npm start` needs no configuration and every instance on one database signs alike.
 */
async function loadLinkSecret(db: Kysely<DB>, configured: string | undefined, now: Date): Promise<Buffer> {
  if (configured) return Buffer.from(configured, "utf8");
  await db
    .insertInto("server_secrets")
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64"), created_at: now.toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", SECRET_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64");
}

/** loadLinkSecret once (again after a failure), for the routes and the mails of one process. */
export function linkSecretOnce(db: Kysely<DB>, configured: string | undefined, clock: Clock) {
  let loading: Promise<Buffer> | undefined;
  return () =>
    (loading ??= loadLinkSecret(db, configured, clock.now()).catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
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
