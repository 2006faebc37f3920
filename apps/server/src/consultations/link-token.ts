// The visitor's reschedule and cancel links carry `<lead id>.<HMAC-SHA256 of it>`: anyone with the
// link may change that one meeting (until it starts), and a token changed by one character is refused.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../platform/clock";
import type { DB } from "../platform/db/schema";

const PURPOSE = "consultation-link:";
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
