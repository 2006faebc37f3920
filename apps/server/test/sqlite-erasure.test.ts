import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { eraseByEmail } from "../src/leads/data-rights";
import { sqlitePath } from "../src/db/database";
import { openTestDatabase, validContact } from "./helpers";

// Erasure on SQLite leaves nothing readable in the file: deleted rows are overwritten (secure_delete),
// so the person's data is not in free pages, nor in a backup taken afterwards.

describe("erasure on SQLite", () => {
  it("leaves neither the address nor the message in the database file", async () => {
    const t = await openTestDatabase("sqlite");
    try {
      const { database } = t;
      const email = "zebediah.quux@example.org";
      const message = "Zygomorphic xylophones for the quarterly offsite please";
      for (let i = 0; i < 40; i++) {
        const r = await database.writeLead({
          lead: { kind: "contact", ...validContact, email, message: `${message} ${i}`, isSpam: false },
          now: new Date(),
          channels: ["email"],
        });
        expect(r.outcome).toBe("created");
      }
      // Others' leads stay, and fill the pages around the erased ones.
      for (let i = 0; i < 40; i++) {
        await database.writeLead({
          lead: { kind: "contact", ...validContact, isSpam: false },
          now: new Date(),
        });
      }
      const file = sqlitePath(t.url);
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
      expect(readFileSync(file).includes(email)).toBe(true);

      const { leadIds } = await eraseByEmail(database, {
        email,
        now: new Date(),
        actor: { actorType: "cli", actor: "test" },
      });
      expect(leadIds).toHaveLength(40);
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
      const bytes = readFileSync(file);
      expect(bytes.includes(email)).toBe(false);
      expect(bytes.includes("Zygomorphic xylophones")).toBe(false);
      expect(bytes.includes(validContact.email)).toBe(true);
    } finally {
      await t.cleanup();
    }
  });
});
