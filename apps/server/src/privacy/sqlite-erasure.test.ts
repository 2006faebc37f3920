import { existsSync, readFileSync } from "node:fs";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_RETENTION } from "@site/contracts";
import { inviteStaff } from "../records/staff/staff-store";
import { addNote } from "../leads/lead-work";
import { eraseByEmail, purgeExpired } from "./data-rights";
import { sqlitePath } from "../platform/db/database";
import { openTestDatabase, type TestDatabase, validContact } from "../../test/helpers";

// Erasure and purge on SQLite leave nothing of the person readable in the database file or its WAL:
// deleted rows are overwritten (secure_delete), the search index gives up their tokens at once
// (FTS5's secure-delete, migration 0007), and the WAL is truncated after the deletion. Read as bytes,
// neither file holds the person's words, nor any three-letter piece of them (the trigram index's
// tokens, which are also what a prefix-compressed word index leaves readable).

const person = {
  name: "Pollux Zwolvax",
  email: "pollux.zwolvax@example.org",
  phone: "+44 20 7946 0777",
  company: "Vortix Hygroscopy Ltd",
  message: "Zygomorphic xylophones for the quarterly offsite, wrapped in sphagnum moss",
};
const note = "Rang Pollux about the xylophones: wants pyjama-striped mallets";

/** Every three-letter window of the person's words: what a trigram index stores of them. */
function fragments(): string[] {
  const words =
    [...Object.values(person), note]
      .join(" ")
      .toLowerCase()
      .match(/[a-z]{3,}/g) ?? [];
  const pieces = new Set<string>();
  for (const w of words) for (let i = 0; i + 3 <= w.length; i++) pieces.add(w.slice(i, i + 3));
  return [...pieces];
}

/** The database file and its WAL (when present), as they are on disk now, in lower case. */
function onDisk(t: TestDatabase): string {
  const file = sqlitePath(t.url);
  const files = [file, `${file}-wal`].filter((f) => existsSync(f));
  return Buffer.concat(files.map((f) => readFileSync(f)))
    .toString("latin1")
    .toLowerCase();
}

async function indexed(t: TestDatabase, leads: number) {
  await vi.waitFor(
    async () => {
      const { rows } = await sql<{ n: number }>`select
          (select count(*) from leads_fts_keys) - (select count(*) from search_backlog) as n`.execute(
        t.database.db,
      );
      expect(rows[0]!.n).toBe(leads);
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe.each(["erase", "purge"] as const)("after %s on SQLite", (how) => {
  it("neither the database file nor its WAL holds any piece of the person's data", async () => {
    const t = await openTestDatabase("sqlite");
    try {
      const { database } = t;
      const now = new Date();
      // Others' leads stay, and fill the pages around the erased ones.
      for (let i = 0; i < 40; i++) {
        await database.writeLead({ lead: { kind: "contact", ...validContact, isSpam: false }, now });
      }
      await indexed(t, 40);
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
      // Pieces the file already holds without the person (schema, others' leads) prove nothing.
      const control = onDisk(t);
      const pieces = fragments().filter((f) => !control.includes(f));
      expect(pieces.length).toBeGreaterThan(60);

      // A purge takes leads past retention: the person's arrived three years ago.
      const arrived = how === "purge" ? new Date(now.getTime() - 3 * 365 * 86_400_000) : now;
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const { name, email, phone, company, message } = person;
        const r = await database.writeLead({
          lead: {
            kind: "quotation",
            name,
            email,
            phone,
            company,
            service: "erp-consultation",
            isSpam: false,
          },
          now: arrived,
          channels: ["email"],
        });
        const c = await database.writeLead({
          lead: { kind: "contact", name, email, phone, message: `${message} ${i}`, isSpam: false },
          now: arrived,
        });
        if (r.outcome !== "created" || c.outcome !== "created") throw new Error("not stored");
        ids.push(r.id, c.id);
      }
      const { staff } = await inviteStaff(database.db, { email: "robin@example.com", name: "Robin" }, now, {
        actorType: "cli",
        actor: "test",
      });
      await addNote(database.db, ids[0]!, note, staff, arrived);
      await indexed(t, 100);
      const before = onDisk(t);
      expect(pieces.filter((f) => !before.includes(f))).toEqual([]);

      const gone =
        how === "erase"
          ? await eraseByEmail(database, {
              email: person.email,
              now,
              actor: { actorType: "cli", actor: "t" },
            })
          : await purgeExpired(database, {
              retention: DEFAULT_RETENTION,
              now,
              actor: { actorType: "system", actor: "t" },
            });
      expect(gone.leadIds.sort()).toEqual(ids.sort());
      expect(gone.walTruncated).toBe(true);

      const after = onDisk(t);
      expect(pieces.filter((f) => after.includes(f))).toEqual([]);
      expect(after.includes(validContact.email)).toBe(true); // the others' leads stay
      // The index still serves the others, and knows nothing of the person.
      const match = (term: string) =>
        sql<{ n: number }>`select count(*) as n from leads_fts where leads_fts match ${term}`
          .execute(database.db)
          .then((r) => r.rows[0]!.n);
      expect(await match('"lovelace"')).toBe(40);
      expect(await match('"xylophones"')).toBe(0);
      for (const table of ["leads_fts", "leads_words"]) {
        await sql`insert into ${sql.table(table)} (${sql.table(table)}) values ('integrity-check')`.execute(
          database.db,
        );
      }
    } finally {
      await t.cleanup();
    }
  });
});
