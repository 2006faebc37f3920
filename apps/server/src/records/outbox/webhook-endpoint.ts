// What a webhook receiver asked of us, remembered per endpoint in the database (migration 0007), so that
// every instance delivering to it obeys: a 410 Gone stops deliveries until the endpoint is configured
// again (another WEBHOOK_URL, or `npm run leads -- webhook resume`); a Retry-After holds them until then.
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";

/** WEBHOOK_URL as it is stored: its SHA-256 (the URL may carry a token) and its origin. */
export interface WebhookEndpoint {
  hash: string;
  origin: string;
}

export function webhookEndpoint(url: string): WebhookEndpoint {
  return { hash: createHash("sha256").update(url).digest("hex"), origin: new URL(url).origin };
}

/** A process delivers to `endpoint` from `now` on: the endpoint the newest one uses is the current one. */
export async function registerEndpoint(db: Kysely<DB>, endpoint: WebhookEndpoint, now: Date): Promise<void> {
  await db
    .insertInto("webhook_endpoints")
    .values({ url_hash: endpoint.hash, origin: endpoint.origin, configured_at: now.toISOString() })
    .onConflict((oc) =>
      oc.column("url_hash").doUpdateSet({ origin: endpoint.origin, configured_at: now.toISOString() }),
    )
    .execute();
}

/** Whether the endpoint takes deliveries at `now`: it has not answered 410 Gone, nor asked to wait longer. */
export async function endpointAccepts(
  db: Kysely<DB>,
  endpoint: WebhookEndpoint,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom("webhook_endpoints")
    .select(["gone_at", "held_until"])
    .where("url_hash", "=", endpoint.hash)
    .executeTakeFirst();
  return !row || (row.gone_at === null && (row.held_until === null || row.held_until <= now.toISOString()));
}

/** It answered 410 Gone at `now` (the first such answer is kept). */
export async function markGone(db: Kysely<DB>, endpoint: WebhookEndpoint, now: Date): Promise<void> {
  await db
    .updateTable("webhook_endpoints")
    .set({ gone_at: now.toISOString() })
    .where("url_hash", "=", endpoint.hash)
    .where("gone_at", "is", null)
    .execute();
}

/** It asked to wait until `until` (a later wait already asked for stands). */
export async function holdEndpoint(db: Kysely<DB>, endpoint: WebhookEndpoint, until: Date): Promise<void> {
  await db
    .updateTable("webhook_endpoints")
    .set({ held_until: until.toISOString() })
    .where("url_hash", "=", endpoint.hash)
    .where((eb) => eb.or([eb("held_until", "is", null), eb("held_until", "<", until.toISOString())]))
    .execute();
}

/** Deliveries to it may go again (the operator says the receiver wants them); false when none were stopped. */
export async function resumeEndpoint(db: Kysely<DB>, endpoint: WebhookEndpoint): Promise<boolean> {
  const r = await db
    .updateTable("webhook_endpoints")
    .set({ gone_at: null, held_until: null })
    .where("url_hash", "=", endpoint.hash)
    .where((eb) => eb.or([eb("gone_at", "is not", null), eb("held_until", "is not", null)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The endpoint of the process that started delivering last, as the desk shows it; a past hold is no hold. */
export async function currentEndpoint(db: Kysely<DB>, now: Date) {
  const row = await db
    .selectFrom("webhook_endpoints")
    .select(["origin", "gone_at", "held_until"])
    .orderBy("configured_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const held = row.held_until !== null && row.held_until > now.toISOString();
  return { origin: row.origin, goneAt: row.gone_at, heldUntil: held ? row.held_until : null };
}
