// The server's own keys (the HMAC keys of the booking links and of the proof-of-work challenge): one
// place that makes one the first time any instance needs it and keeps it in the database, so `npm
// start` needs no configuration and every instance on one database signs alike.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "./schema";

/**
 * The key `name`: `configured` when set (operators who keep secrets out of the database); otherwise
 * 32 random bytes stored the first time any instance asks (an insert that loses a race keeps the
 * winner's), read back by every instance.
 */
async function loadServerSecret(
  db: Kysely<DB>,
  name: string,
  configured: string | undefined,
  now: Date,
): Promise<Buffer> {
  if (configured) return Buffer.from(configured, "utf8");
  await db
    .insertInto("server_secrets")
    .values({ name, value: randomBytes(32).toString("base64"), created_at: now.toISOString() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64");
}

/** loadServerSecret once (again after a failure), for every caller that holds the function. */
export function serverSecretOnce(db: Kysely<DB>, name: string, configured: string | undefined, clock: Clock) {
  let loading: Promise<Buffer> | undefined;
  return () =>
    (loading ??= loadServerSecret(db, name, configured, clock.now()).catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}
