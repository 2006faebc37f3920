import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import type { Database } from "../database";
import { openDatabase } from "../database";
import { writeLeadBatch } from "./lead-batch";
import { LeadWriter } from "./lead-writer";
import { BACKENDS, json, useLeadServices, validContact } from "../../../test/helpers";

// Group commit: concurrent lead writes share one transaction; each request is answered once the
// transaction holding its lead has committed; keys and bad rows behave as if each lead were alone.

const lead = (name: string) => ({ kind: "contact" as const, ...validContact, name, isSpam: false });

/**
 * A LeadWriter on the test database, committing each batch in a transaction as the PostgreSQL
 * instances do (SQLite runs the same class in its thread); records each batch's size, and can hold
 * the first commit's return (the transaction has committed; the writer does not know it yet).
 */
function writerOn(database: Database) {
  const batches: number[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let hold = false;
  const writer = new LeadWriter(async (writes) => {
    batches.push(writes.length);
    const first = batches.length === 1;
    const outcomes = await database.db.transaction().execute((trx) => writeLeadBatch(trx, writes));
    if (first && hold) await held;
    return outcomes;
  });
  return { writer, batches, holdFirst: () => (hold = true), release };
}

describe.each(BACKENDS)("group commit on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    const write = (w: ReturnType<typeof writerOn>, name: string, key?: string, body = name) =>
      w.writer.write({
        lead: lead(name),
        now: svc.clock.now(),
        idem: key ? { key, requestHash: body } : undefined,
      });

    it("writes that arrive while a transaction is written join the next one, and are answered after it", async () => {
      const w = writerOn(svc.database);
      w.holdFirst();
      const answered: string[] = [];
      const first = write(w, "First").then((r) => (answered.push("First"), r));
      await vi.waitFor(() => expect(w.batches).toEqual([1]));
      const later = Array.from({ length: 20 }, (_, i) =>
        write(w, `Later ${i}`).then((r) => (answered.push(`Later ${i}`), r)),
      );
      // The first transaction has committed, but its commit has not returned: nobody is answered.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toEqual([]);
      expect(w.batches).toEqual([1]);
      w.release();
      const all = await Promise.all([first, ...later]);
      expect(all.map((r) => r.outcome)).toEqual(Array(21).fill("created"));
      expect(w.batches).toEqual([1, 20]);
      expect(answered[0]).toBe("First");
      expect(await svc.count("leads")).toBe(21);
      expect(await svc.count("outbox")).toBe(21);
    });

    it("a repeated Idempotency-Key waits for the next transaction: a replay, or key_reused for another body", async () => {
      const w = writerOn(svc.database);
      const [a1, a2, b1, b2, ...rest] = await Promise.all([
        write(w, "Same", "key-a"),
        write(w, "Same", "key-a"),
        write(w, "Same", "key-b"),
        write(w, "Same", "key-b", "another body"),
        ...Array.from({ length: 6 }, (_, i) => write(w, `Rest ${i}`, `key-${i}`)),
      ]);
      expect(w.batches).toEqual([8, 2]);
      expect([a1!.outcome, a2!.outcome, b1!.outcome, b2!.outcome]).toEqual([
        "created",
        "replay",
        "created",
        "key_reused",
      ]);
      expect(a2!.outcome === "replay" && a2!.body).toEqual(a1!.outcome === "created" && a1!.body);
      expect(rest.map((r) => r.outcome)).toEqual(Array(6).fill("created"));
      expect(await svc.count("leads")).toBe(8);
    });

    it("one bad row fails only its own write", async () => {
      const w = writerOn(svc.database);
      const bad = w.writer.write({
        lead: { ...lead("Bad"), name: null as unknown as string }, // NOT NULL refuses it
        now: svc.clock.now(),
        idem: { key: "bad", requestHash: "h" },
      });
      const good = Array.from({ length: 10 }, (_, i) => write(w, `Good ${i}`));
      const results = await Promise.allSettled([bad, ...good]);
      expect(results.map((r) => r.status)).toEqual(["rejected", ...Array(10).fill("fulfilled")]);
      expect(w.batches[0]).toBe(11); // the bad row shared the first transaction, which failed
      expect(await svc.count("leads")).toBe(10);
      expect(await svc.count("idempotency_keys")).toBe(0);
    });

    it("through the service: a burst with repeated keys stores each lead once and answers as one at a time would", async () => {
      const app = await svc.app();
      const post = (body: object, key: string) =>
        app.inject({
          method: "POST",
          url: "/contact",
          headers: { ...json, "idempotency-key": key },
          payload: body,
        });
      const same = { ...validContact, name: "Same" };
      const [a1, a2, b1, b2, ...rest] = await Promise.all([
        post(same, "key-a"),
        post(same, "key-a"),
        post(same, "key-b"),
        post({ ...same, name: "Other" }, "key-b"),
        ...Array.from({ length: 30 }, (_, i) => post({ ...validContact, name: `Rest ${i}` }, `key-${i}`)),
      ]);
      expect([a1!.statusCode, a2!.statusCode, b1!.statusCode, b2!.statusCode]).toEqual([201, 201, 201, 422]);
      expect(a2!.json()).toEqual(a1!.json());
      expect(a2!.headers["idempotent-replayed"]).toBe("true");
      expect(b2!.json()).toMatchObject({ error: "idempotency_key_reused" });
      expect(rest.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
      expect(await svc.count("leads")).toBe(32);
      expect(await svc.count("idempotency_keys")).toBe(32);
    });

    it("through the store: one bad row among concurrent leads fails alone", async () => {
      const now = svc.clock.now();
      const results = await Promise.allSettled([
        ...Array.from({ length: 5 }, (_, i) => svc.database.writeLead({ lead: lead(`Good ${i}`), now })),
        svc.database.writeLead({ lead: { ...lead("Bad"), name: null as unknown as string }, now }),
        ...Array.from({ length: 5 }, (_, i) => svc.database.writeLead({ lead: lead(`Good ${i + 5}`), now })),
      ]);
      expect(results.map((r) => r.status)).toEqual([
        ...Array(5).fill("fulfilled"),
        "rejected",
        ...Array(5).fill("fulfilled"),
      ]);
      expect(await svc.count("leads")).toBe(10);
    });
  });
});

describe.skipIf(BACKENDS[1]!.skip)("group commit across instances on postgres", () => {
  const svc = useLeadServices("postgres");

  it("the same key committed by another instance meanwhile is answered as a replay", async () => {
    const other = await openDatabase(svc.url);
    const locker = new pg.Client({ connectionString: svc.url });
    await locker.connect();
    try {
      // Both instances read "key unknown", then wait to insert it; one commits first.
      await locker.query("begin");
      await locker.query("lock table idempotency_keys in share mode");
      const now = svc.clock.now();
      const idem = { key: "shared", requestHash: "h" };
      const both = Promise.all([
        svc.database.writeLead({ lead: lead("Twice"), now, idem }),
        other.writeLead({ lead: lead("Twice"), now, idem }),
      ]);
      await vi.waitFor(async () => {
        const r = await locker.query("select count(*)::int as n from pg_locks where not granted");
        expect(r.rows[0].n).toBe(2);
      });
      await locker.query("commit");
      const [a, b] = await both;
      expect([a.outcome, b.outcome].sort()).toEqual(["created", "replay"]);
      expect(a.outcome !== "key_reused" && b.outcome !== "key_reused" && a.body).toEqual(
        b.outcome !== "key_reused" && b.body,
      );
      expect(await svc.count("leads")).toBe(1);
    } finally {
      await locker.end();
      await other.close();
    }
  });
});
