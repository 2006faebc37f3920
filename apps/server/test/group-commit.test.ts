import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../src/db/database";
import { openDatabase } from "../src/db/database";
import { createLead } from "../src/leads/lead-writer";
import { BACKENDS, json, useLeadServices, validContact } from "./helpers";

// Group commit: concurrent lead writes share one transaction; each request is answered once the
// transaction holding its lead has committed; keys and bad rows behave as if each lead were alone.

const lead = (name: string) => ({ kind: "contact" as const, ...validContact, name, isSpam: false });

/** Records the size of each batch committed through `database`; the first commit can be held. */
function watchCommits(database: Database) {
  const real = database.writeLeads;
  const batches: number[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let hold = false;
  database.writeLeads = async (writes) => {
    batches.push(writes.length);
    const first = batches.length === 1;
    const outcomes = await real(writes);
    if (first && hold) await held; // committed, but the commit has not returned yet
    return outcomes;
  };
  return {
    batches,
    holdFirst: () => (hold = true),
    release,
    restore: () => (database.writeLeads = real),
  };
}

describe.each(BACKENDS)("group commit on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    let watch: ReturnType<typeof watchCommits> | undefined;
    afterEach(() => watch?.restore());

    const post = async (app: Awaited<ReturnType<typeof svc.app>>, body: object, key?: string) =>
      app.inject({
        method: "POST",
        url: "/contact",
        headers: key ? { ...json, "idempotency-key": key } : json,
        payload: body,
      });

    it("requests that arrive while a transaction is written join the next one, and are answered after it", async () => {
      const app = await svc.app();
      watch = watchCommits(svc.database);
      watch.holdFirst();
      const answered: number[] = [];
      const first = post(app, { ...validContact, name: "First" }).then((r) => (answered.push(0), r));
      await vi.waitFor(() => expect(watch!.batches).toEqual([1]));
      const later = Array.from({ length: 20 }, (_, i) =>
        post(app, { ...validContact, name: `Later ${i}` }).then((r) => (answered.push(i + 1), r)),
      );
      // The first transaction is committed but its commit has not returned: nobody is answered yet.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toEqual([]);
      expect(watch.batches).toEqual([1]);
      watch.release();
      const all = await Promise.all([first, ...later]);
      expect(all.map((r) => r.statusCode)).toEqual(Array(21).fill(201));
      expect(watch.batches).toEqual([1, 20]);
      expect(await svc.count("leads")).toBe(21);
      expect(await svc.count("outbox")).toBe(21);
    });

    it("keeps Idempotency-Keys meaningful inside a burst: a repeat is a replay, another body a 422", async () => {
      const app = await svc.app();
      watch = watchCommits(svc.database);
      const same = { ...validContact, name: "Same" };
      const [a1, a2, b1, b2, ...rest] = await Promise.all([
        post(app, same, "key-a"),
        post(app, same, "key-a"),
        post(app, same, "key-b"),
        post(app, { ...same, name: "Other" }, "key-b"),
        ...Array.from({ length: 6 }, (_, i) => post(app, { ...validContact, name: `Rest ${i}` }, `key-${i}`)),
      ]);
      expect([a1!.statusCode, a2!.statusCode]).toEqual([201, 201]);
      expect(a2!.json()).toEqual(a1!.json());
      expect([a1!.headers["idempotent-replayed"], a2!.headers["idempotent-replayed"]]).toEqual([
        undefined,
        "true",
      ]);
      expect([b1!.statusCode, b2!.statusCode]).toEqual([201, 422]);
      expect(b2!.json()).toMatchObject({ error: "idempotency_key_reused" });
      expect(rest.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
      expect(await svc.count("leads")).toBe(8);
      expect(await svc.count("idempotency_keys")).toBe(8);
      // The repeats waited for the next transaction; everything else went together.
      expect(watch.batches).toEqual([8, 2]);
    });

    it("one bad row fails only its own request", async () => {
      watch = watchCommits(svc.database);
      const now = svc.clock.now();
      const bad = { ...lead("Bad"), name: null as unknown as string }; // NOT NULL refuses it
      const results = await Promise.allSettled([
        ...Array.from({ length: 5 }, (_, i) => createLead(svc.database, lead(`Good ${i}`), now)),
        createLead(svc.database, bad, now, { key: "bad", requestHash: "h" }),
        ...Array.from({ length: 5 }, (_, i) => createLead(svc.database, lead(`Good ${i + 5}`), now)),
      ]);
      expect(results.map((r) => r.status)).toEqual([
        ...Array(5).fill("fulfilled"),
        "rejected",
        ...Array(5).fill("fulfilled"),
      ]);
      expect(watch.batches[0]).toBe(11); // the bad row shared the first transaction, which failed
      expect(await svc.count("leads")).toBe(10);
      expect(await svc.count("idempotency_keys")).toBe(0);
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
        createLead(svc.database, lead("Twice"), now, idem),
        createLead(other, lead("Twice"), now, idem),
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
