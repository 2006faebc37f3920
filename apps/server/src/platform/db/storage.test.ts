import { sql } from "kysely";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, repoRoot } from "../config/config";
import { sqlitePath } from "./database";
import { openDatabase } from "../../records/database";
import { migrateToLatest } from "./migrations";
import { UUID_V7_PATTERN as LEAD_ID_PATTERN } from "@site/contracts/uuid";
import { newLeadId } from "../ids";
import { purgeExpiredIdempotencyKeys } from "../../records/intake/lead-batch";
import { BACKENDS, openTestDatabase, tempDir, validContact } from "../../../test/helpers";

describe("SQLite storage settings", () => {
  const tmp = tempDir("leads-storage-");
  afterAll(() => tmp.cleanup());

  it("creates the directory and opens the file with WAL, synchronous=FULL, busy_timeout and foreign keys", async () => {
    const file = path.join(tmp.dir, "a", "b", "leads.sqlite");
    const database = await openDatabase(`sqlite:${file}`);
    try {
      expect(existsSync(file)).toBe(true);
      const one = async (pragma: string) =>
        Object.values((await sql.raw(`pragma ${pragma}`).execute(database.db)).rows[0] as object)[0];
      expect(await one("journal_mode")).toBe("wal");
      expect(await one("synchronous")).toBe(2); // FULL
      expect(await one("busy_timeout")).toBe(5000);
      expect(await one("foreign_keys")).toBe(1);
    } finally {
      await database.close();
    }
  });

  it("defaults to <repo>/data/leads.sqlite and refuses relative or unknown URLs", async () => {
    expect(loadConfig({}).DATABASE_URL).toBe(`sqlite:${path.join(repoRoot, "data", "leads.sqlite")}`);
    expect(sqlitePath("sqlite:/var/lib/leads.sqlite")).toBe("/var/lib/leads.sqlite");
    expect(() => sqlitePath("sqlite:data/leads.sqlite")).toThrow(/absolute/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    await expect(openDatabase("mysql://x")).rejects.toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465" }).SMTP_URL).toBe(
      "smtps://u:p@mail.example.com:465",
    );
  });
});

describe("lead ids", () => {
  it("are UUIDv7: time-ordered, with a random part", () => {
    const a = newLeadId(new Date("2026-01-01T00:00:00Z"));
    const b = newLeadId(new Date("2026-01-01T00:00:00.001Z"));
    expect(a).toMatch(LEAD_ID_PATTERN);
    expect(a < b).toBe(true);
    const same = new Set(Array.from({ length: 1000 }, () => newLeadId(new Date(0))));
    expect(same.size).toBe(1000);
  });
});

describe.each(BACKENDS)("migrations and housekeeping on $backend", ({ backend, skip }) => {
  it.skipIf(skip)("migrations are idempotent; expired idempotency keys are purged", async () => {
    const t = await openTestDatabase(backend);
    try {
      expect(await migrateToLatest(t.database.db as never)).toEqual([]); // already applied at open
      const t0 = new Date("2026-03-01T00:00:00Z");
      const r = await t.database.writeLead({
        lead: { kind: "contact", ...validContact, isSpam: false },
        now: t0,
        idem: { key: "k", requestHash: "h" },
      });
      expect(r.outcome).toBe("created");
      expect(await purgeExpiredIdempotencyKeys(t.database.db, new Date(t0.getTime() + 23 * 3600_000))).toBe(
        0,
      );
      expect(await purgeExpiredIdempotencyKeys(t.database.db, new Date(t0.getTime() + 25 * 3600_000))).toBe(
        1,
      );
      expect(await t.database.db.selectFrom("leads").select("id").execute()).toHaveLength(1);
    } finally {
      await t.cleanup();
    }
  });
});

describe.each(BACKENDS)("writeAtomically on $backend", ({ backend, skip }) => {
  it.skipIf(skip)("commits every statement or none", async () => {
    const t = await openTestDatabase(backend);
    try {
      const { database } = t;
      const row = (day: string, count: number) =>
        database.db
          .insertInto("vitals_views")
          .values({ day, route: "/", device: "mobile", navigation_type: "navigate", count })
          .compile();
      await database.writeAtomically([row("2026-11-01", 1), row("2026-11-02", 2)]);
      // The second statement breaks the primary key: the first is rolled back with it.
      await expect(database.writeAtomically([row("2026-11-03", 3), row("2026-11-01", 9)])).rejects.toThrow();
      const days = await database.db
        .selectFrom("vitals_views")
        .select(["day", "count"])
        .orderBy("day")
        .execute();
      expect(days.map((d) => [d.day, Number(d.count)])).toEqual([
        ["2026-11-01", 1],
        ["2026-11-02", 2],
      ]);
    } finally {
      await t.cleanup();
    }
  });
});
