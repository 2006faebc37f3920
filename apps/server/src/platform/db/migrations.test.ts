import { type Kysely, type KyselyPlugin, type Migration, SelectQueryNode, sql } from "kysely";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../records/database";
import { MIGRATIONS, migrateToLatest } from "./migrations";
import { BACKENDS, openTestDatabase } from "../../../test/helpers";

// Migrations run under a lock, in one transaction: two starts at once migrate once, and a start
// that fails (or is interrupted) half-way leaves the schema as it was.

async function tables(database: Database): Promise<string[]> {
  const all = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  return all.map((t) => t.name).sort();
}

async function executed(database: Database): Promise<string[]> {
  const r = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
  return r.rows.map((x) => x.name);
}

const slow = (m: Migration): Migration => ({
  async up(db: Kysely<unknown>) {
    await sleep(100);
    await m.up(db);
  },
});

describe.each(BACKENDS)("migrations on $backend", ({ backend, skip }) => {
  it.skipIf(skip)("two connections starting together migrate once and both succeed", async () => {
    const t = await openTestDatabase(backend, { migrate: false });
    const other = await openDatabase(t.url, { migrate: false });
    try {
      // The first start runs the migration and, inside it, waits until the second start has checked
      // the migration lock row (its last step before the lock): without a lock, the second reads
      // "not applied yet" and runs the migration too.
      let atLock!: () => void;
      const secondAtLock = new Promise<void>((resolve) => (atLock = resolve));
      const watch: KyselyPlugin = {
        transformQuery({ node }) {
          if (SelectQueryNode.is(node) && JSON.stringify(node).includes("kysely_migration_lock")) atLock();
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      let started!: () => void;
      const firstStarted = new Promise<void>((resolve) => (started = resolve));
      let runs = 0;
      const first: Migration = {
        async up(db) {
          if (++runs === 1) {
            started();
            await secondAtLock.then(() => sleep(200));
          }
          await db.schema.createTable("first_table").addColumn("id", "text").execute();
        },
      };
      const set = { "0001_first": first };
      const a = migrateToLatest(t.database.db as Kysely<unknown>, { migrations: set });
      await firstStarted;
      const results = await Promise.all([
        a,
        migrateToLatest(other.db.withPlugin(watch) as Kysely<unknown>, { migrations: set }),
      ]);
      expect(results.flat()).toEqual(["0001_first"]);
      expect(runs).toBe(1);
      expect(await executed(t.database)).toEqual(["0001_first"]);
    } finally {
      await other.close();
      await t.cleanup();
    }
  });

  it.skipIf(skip)(
    "a start that fails half-way leaves the schema as it was, and the next start works",
    async () => {
      const t = await openTestDatabase(backend, { migrate: false });
      try {
        const one: Migration = {
          async up(db) {
            await db.schema.createTable("one").addColumn("id", "text").execute();
          },
        };
        const half: Migration = {
          async up(db) {
            await db.schema.createTable("two").addColumn("id", "text").execute();
            throw new Error("power cut");
          },
        };
        await expect(
          migrateToLatest(t.database.db as Kysely<unknown>, {
            migrations: { "0001_one": one, "0002_two": half },
          }),
        ).rejects.toThrow(/migration failed at 0002_two: power cut/);
        expect((await tables(t.database)).filter((n) => n === "one" || n === "two")).toEqual([]);
        expect(await executed(t.database).catch(() => [])).toEqual([]);

        const two: Migration = {
          async up(db) {
            await db.schema.createTable("two").addColumn("id", "text").execute();
          },
        };
        expect(
          await migrateToLatest(t.database.db as Kysely<unknown>, {
            migrations: { "0001_one": slow(one), "0002_two": two },
          }),
        ).toEqual(["0001_one", "0002_two"]);
        expect(await executed(t.database)).toEqual(["0001_one", "0002_two"]);
      } finally {
        await t.cleanup();
      }
    },
  );

  it.skipIf(skip)("an aborted start rolls back and rejects with the abort reason", async () => {
    const t = await openTestDatabase(backend, { migrate: false });
    try {
      const stop = new AbortController();
      const one: Migration = {
        async up(db) {
          await db.schema.createTable("one").addColumn("id", "text").execute();
          stop.abort(new Error("SIGTERM"));
        },
      };
      const two: Migration = {
        async up(db) {
          await db.schema.createTable("two").addColumn("id", "text").execute();
        },
      };
      await expect(
        migrateToLatest(t.database.db as Kysely<unknown>, {
          migrations: { "0001_one": one, "0002_two": two },
          signal: stop.signal,
        }),
      ).rejects.toThrow("SIGTERM");
      expect((await tables(t.database)).filter((n) => n === "one" || n === "two")).toEqual([]);
    } finally {
      await t.cleanup();
    }
  });
  it.skipIf(skip)("runs a migration numbered before ones already run (they merge in any order)", async () => {
    const t = await openTestDatabase(backend, { migrate: false });
    try {
      const { "0008_content": content, ...withoutContent } = MIGRATIONS;
      await migrateToLatest(t.database.db as Kysely<unknown>, { migrations: withoutContent });
      expect(await executed(t.database)).toContain("0010_chat");
      expect(await tables(t.database)).not.toContain("content_publishes");
      await migrateToLatest(t.database.db as Kysely<unknown>, {
        migrations: { ...withoutContent, "0008_content": content! },
      });
      expect(await executed(t.database)).toContain("0008_content");
      expect(await tables(t.database)).toContain("content_publishes");
    } finally {
      await t.cleanup();
    }
  });
});
