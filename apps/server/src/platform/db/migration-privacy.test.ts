import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { MIGRATIONS, migrateToLatest } from "./migrations";
import { listLeads } from "../../records/lead-queries";
import { BACKENDS, openTestDatabase } from "../../../test/helpers";

describe.each(BACKENDS)("migration 0002_privacy on $backend", ({ backend, skip }) => {
  it.skipIf(skip)(
    "upgrades a store of 0001: outbox rows become e-mail deliveries, keys name their lead",
    async () => {
      const t = await openTestDatabase(backend, { migrate: false });
      try {
        const db = t.database.db as Kysely<unknown>;
        const first = { "0001_leads_outbox_idempotency": MIGRATIONS["0001_leads_outbox_idempotency"]! };
        expect(await migrateToLatest(db, { migrations: first })).toEqual(["0001_leads_outbox_idempotency"]);
        const at = "2026-11-20T10:00:00.000Z";
        await sql`insert into leads (id, kind, name, email, phone, is_spam, created_at)
        values ('L1', 'contact', 'Ada', 'Ada@Example.com', '020 7946 0000', 0, ${at}),
               ('L2', 'contact', 'Bob', 'bob@example.com', '020 7946 0001', 0, ${at})`.execute(db);
        await sql`insert into outbox (lead_id, attempts, next_attempt_at, sent_at, message_id)
        values ('L1', 1, ${at}, ${at}, '<lead-L1@example.com>'),
               ('L2', 2, ${at}, null, null)`.execute(db);
        await sql`insert into idempotency_keys (kind, key, request_hash, status_code, response_body, created_at)
        values ('contact', 'k1', 'h', 201, '{"id":"L1"}', ${at})`.execute(db);

        const second = { ...first, "0002_privacy": MIGRATIONS["0002_privacy"]! };
        expect(await migrateToLatest(db, { migrations: second })).toEqual(["0002_privacy"]);
        expect(
          await t.database.db.selectFrom("idempotency_keys").select(["key", "lead_id"]).execute(),
        ).toEqual([{ key: "k1", lead_id: "L1" }]);
        // The later migrations on top, then the store reads as today's code reads it.
        await migrateToLatest(db);
        const leads = await listLeads(t.database.db);
        expect(
          leads.map((l) => [
            l.id,
            l.lastActivityAt,
            l.deliveries.map((d) => [d.channel, d.state, d.attempts]),
          ]),
        ).toEqual([
          ["L1", at, [["email", "sent", 1]]],
          ["L2", at, [["email", "failed-retrying", 2]]],
        ]);
        // A second channel for the same lead is now a row of its own.
        await t.database.db
          .insertInto("outbox")
          .values({ lead_id: "L1", channel: "webhook", queued_at: at, next_attempt_at: at })
          .execute();
        expect((await listLeads(t.database.db, { email: " ada@EXAMPLE.com" }))[0]!.deliveries).toHaveLength(
          2,
        );
      } finally {
        await t.cleanup();
      }
    },
  );
});
