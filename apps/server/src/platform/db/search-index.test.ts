import { inboxQuerySchema } from "@site/contracts/desk";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../records/database";
import type { DB } from "./schema";
import { queryInbox } from "../../leads/lead-inbox";
import { newLeadId } from "../ids";
import { openTestDatabase, type TestDatabase, validContact } from "../../../test/helpers";

// SQLite's search index is filled off the intake path (migration 0005): a stored lead waits in
// search_backlog until the SQLite thread indexes it. Search finds it either way.

const count = async (db: Kysely<DB>, table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

describe("the SQLite search backlog", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase("sqlite");
  });
  afterAll(async () => t.cleanup());
  beforeEach(async () => {
    await t.database.db.deleteFrom("outbox").execute();
    await t.database.db.deleteFrom("idempotency_keys").execute();
    await t.database.db.deleteFrom("leads").execute();
  });

  const search = async (database: Database, q: string) =>
    (await queryInbox(database, inboxQuerySchema.parse({ q }), "nobody")).leads.map((l) => l.id);
  const insert = (db: Kysely<DB>, company: string) => {
    const id = newLeadId();
    const at = new Date().toISOString();
    return db
      .insertInto("leads")
      .values({
        id,
        kind: "contact",
        ...validContact,
        company,
        is_spam: 0,
        created_at: at,
        last_activity_at: at,
      })
      .execute()
      .then(() => id);
  };

  it("finds a lead still in the backlog by substring, and through the index once the thread has indexed it", async () => {
    const { database } = t;
    // Inside a transaction of this thread's, the SQLite thread cannot index: the lead stays in the backlog.
    const id = await database.db.transaction().execute(async (trx) => {
      const id = await insert(trx, "Analytical Engines");
      expect(await count(trx, "search_backlog")).toBe(1);
      expect(await count(trx, "leads_fts_keys")).toBe(0);
      expect(await search({ ...database, db: trx }, "ANALYTICAL eng")).toEqual([id]);
      expect(await search({ ...database, db: trx }, "difference")).toEqual([]);
      // Case folds beyond ASCII in the backlog too (SQLite's lower() would not).
      await trx.updateTable("leads").set({ message: "Ünïcode Öffice move" }).where("id", "=", id).execute();
      expect(await search({ ...database, db: trx }, "üNÏCODE öffice")).toEqual([id]);
      return id;
    });
    await vi.waitFor(async () => expect(await count(database.db, "search_backlog")).toBe(0), {
      timeout: 5_000,
    });
    expect(await count(database.db, "leads_fts_keys")).toBe(1);
    expect(await search(database, "ANALYTICAL eng")).toEqual([id]);
  });

  it("indexes a lead's text as it is when indexed; a deleted lead leaves the backlog", async () => {
    const { database } = t;
    const [kept] = await database.db.transaction().execute(async (trx) => {
      const kept = await insert(trx, "Old Name Ltd");
      await trx.updateTable("leads").set({ company: "Difference Engines" }).where("id", "=", kept).execute();
      const gone = await insert(trx, "Gone Ltd");
      await trx.deleteFrom("leads").where("id", "=", gone).execute();
      expect(await count(trx, "search_backlog")).toBe(1);
      return [kept];
    });
    await vi.waitFor(async () => expect(await count(database.db, "search_backlog")).toBe(0), {
      timeout: 5_000,
    });
    expect(await search(database, "difference")).toEqual([kept]);
    expect(await search(database, "old name")).toEqual([]);
    expect(await search(database, "gone")).toEqual([]);
    expect(await count(database.db, "leads_fts_keys")).toBe(1);
  });

  it("indexes every lead of a burst through the group commit, each found exactly once", async () => {
    const { database } = t;
    const n = 1_500;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        database.writeLead({
          lead: { kind: "contact", ...validContact, company: `Burst Company n${i}n`, isSpam: false },
          now: new Date(),
          channels: ["email"],
        }),
      ),
    );
    expect(results.every((r) => r.outcome === "created")).toBe(true);
    await vi.waitFor(async () => expect(await count(database.db, "search_backlog")).toBe(0), {
      timeout: 10_000,
    });
    expect(await count(database.db, "leads_fts_keys")).toBe(n);
    // Each company's number between two letters ("n7n"), so no number is a substring of another's.
    expect(await search(database, "burst company n1234n")).toHaveLength(1);
    expect(await search(database, "n7n")).toHaveLength(1);
    const page = await queryInbox(database, inboxQuerySchema.parse({ q: "burst" }), "nobody");
    expect(Object.values(page.counts).reduce((a, b) => a + b, 0)).toBe(n);
  });

  const indexed = async () =>
    vi.waitFor(async () => expect(await count(t.database.db, "search_backlog")).toBe(0), { timeout: 5_000 });

  it("matches a term of one or two characters at the start of a word, through the word index", async () => {
    const id = await insert(t.database.db, "Acme 42 Ltd");
    await indexed();
    expect(await search(t.database, "42")).toEqual([id]);
    expect(await search(t.database, "ac 4")).toEqual([id]);
    expect(await search(t.database, "cm")).toEqual([]); // inside "acme": not the start of a word
    expect(await search(t.database, "9")).toEqual([]); // only inside "7946"
    expect(await search(t.database, "cme")).toEqual([id]); // three characters: anywhere
  });

  it("filters and counts indexed leads by their current status, assignee and spam mark", async () => {
    const { database } = t;
    const id = await insert(database.db, "Facet Test Ltd");
    await indexed();
    const inbox = (q: Record<string, string>) => queryInbox(database, inboxQuerySchema.parse(q), "nobody");
    expect((await inbox({ q: "facet" })).counts.new).toBe(1);
    await database.db.updateTable("leads").set({ status: "won" }).where("id", "=", id).execute();
    expect((await inbox({ q: "facet" })).counts).toMatchObject({ new: 0, won: 1 });
    expect((await inbox({ q: "facet", status: "won" })).leads.map((l) => l.id)).toEqual([id]);
    expect((await inbox({ q: "facet", status: "new" })).leads).toEqual([]);
    await database.db.updateTable("leads").set({ is_spam: 1 }).where("id", "=", id).execute();
    expect((await inbox({ q: "facet" })).leads).toEqual([]);
    expect((await inbox({ q: "facet", spam: "only" })).leads.map((l) => l.id)).toEqual([id]);
  });
});
