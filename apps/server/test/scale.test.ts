/**
 * The services at scale with real parts: nginx balancing two contact and two quotation instances
 * (real processes of dist/main.js) on one PostgreSQL database and one Redis. Needs nginx,
 * redis-server, faketime and TEST_DATABASE_URL; skipped without them, except under CI=true.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  buildServer,
  openTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
  tempDir,
  validContact,
  validQuotation,
} from "./helpers";
import { REDIS_SERVER, type RedisServer, startRedis } from "./redis-server";
import {
  type Answer,
  clockAhead,
  type Cluster,
  FAKETIME,
  NGINX,
  NGINX_ADDRESS,
  post,
  startCluster,
} from "./scale-cluster";
import { createSmtpPeer } from "./smtp-peer";

const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bodyOf = (kind: "contact" | "quotation", i: number) =>
  kind === "contact" ? { ...validContact, name: `Visitor ${i}` } : { ...validQuotation, name: `Buyer ${i}` };

describe.skipIf(!NGINX || !REDIS_SERVER || !FAKETIME || !TEST_DATABASE_URL)(
  "at scale: nginx, 2 contact + 2 quotation instances, one PostgreSQL, one Redis",
  () => {
    const tmp = tempDir("leads-scale-");
    let redis: RedisServer;
    let cluster: Cluster;
    const databases: TestDatabase[] = [];

    beforeAll(async () => {
      buildServer();
      redis = await startRedis();
      cluster = await startCluster(tmp.dir);
    });
    afterAll(async () => {
      await cluster?.stop();
      await redis?.stop();
      for (const d of databases) await d.cleanup();
      tmp.cleanup();
    });

    /** Each scenario on its own PostgreSQL database (TEST_DATABASE_URL's cluster). */
    async function freshDatabase() {
      const d = await openTestDatabase("postgres");
      databases.push(d);
      return d;
    }
    const leadCount = async (d: TestDatabase) =>
      Number(
        (
          await d.database.db
            .selectFrom("leads")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it("lets exactly 10 of 40 POSTs from one client through, whatever X-Forwarded-For it forges", async () => {
      const t = await freshDatabase();
      await cluster.start({ DATABASE_URL: t.url, REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: "10" });
      // 40 at once from one client address; forged headers include the balancer's own address.
      const burst = (url: string, body: object, from: string, forge: boolean) =>
        Promise.all(
          times(40, (i) =>
            post(cluster.port, url, body, {
              from,
              headers: forge
                ? { "x-forwarded-for": i % 2 ? `198.51.100.${i}` : `203.0.113.${i}, ${NGINX_ADDRESS}` }
                : {},
            }),
          ),
        );
      const runs: [string, Answer[]][] = [
        ["contact, no header", await burst("/contact", validContact, "127.0.0.2", false)],
        ["contact, forged", await burst("/contact", validContact, "127.0.0.3", true)],
        ["quotation, forged", await burst("/quotation", validQuotation, "127.0.0.4", true)],
      ];
      for (const [label, answers] of runs) {
        const statuses = answers.map((a) => a.status);
        expect(
          statuses.filter((s) => s === 201),
          label,
        ).toHaveLength(10);
        expect(
          statuses.filter((s) => s === 429),
          label,
        ).toHaveLength(30);
        // Both instances of the service answered: the limit held across them.
        expect(new Set(answers.map((a) => a.upstream)).size, label).toBe(2);
      }
      expect(await leadCount(t)).toBe(30);
    }, 180_000);

    it("stores every lead answered 201 and no duplicate when an instance is SIGKILLed mid-load and clients retry", async () => {
      const t = await freshDatabase();
      await cluster.start({ DATABASE_URL: t.url, REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: "100000" });
      const victim = cluster.instances.contactA!;
      const CLIENTS = 8;
      const EACH = 30;
      const acknowledged = new Map<string, string>();
      const replayed: string[] = [];
      let answered = 0;
      let retries = 0;

      const client = async (c: number) => {
        for (let i = 0; i < EACH; i++) {
          const kind = i % 4 === 3 ? "quotation" : "contact";
          const key = `scale-${c}-${i}`;
          for (let attempt = 1; ; attempt++) {
            const a = await post(cluster.port, `/${kind}`, bodyOf(kind, c * EACH + i), {
              from: "127.0.0.5",
              headers: { "idempotency-key": key },
            });
            if (a.status === 201) {
              acknowledged.set(key, (JSON.parse(a.body) as { id: string }).id);
              if (attempt > 1) replayed.push(key);
              break;
            }
            // A request cut off by the kill: the balancer answers 502, or the connection fails.
            expect([0, 502, 503, 504], `${key}: ${a.status} ${a.body}`).toContain(a.status);
            expect(attempt, `${key} kept failing`).toBeLessThan(20);
            retries++;
            await sleep(50);
          }
          if (++answered === 60) victim.child.kill("SIGKILL");
        }
      };
      await Promise.all(times(CLIENTS, client));

      expect((await victim.exited).signal).toBe("SIGKILL");
      expect(acknowledged.size).toBe(CLIENTS * EACH);
      const stored = await t.database.db.selectFrom("leads").select("id").execute();
      // One lead per Idempotency-Key: nothing lost, nothing twice.
      expect(stored).toHaveLength(CLIENTS * EACH);
      expect(new Set(stored.map((r) => r.id))).toEqual(new Set(acknowledged.values()));
      console.info(`scale: ${retries} retried requests after the SIGKILL (${replayed.length} leads)`);
    }, 180_000);

    it("mails every lead exactly once with an SMTP server slower than the lease and one instance 5 minutes ahead", async () => {
      const t = await freshDatabase();
      const smtp = await createSmtpPeer({ delayMs: 1_500 });
      await smtp.start();
      try {
        await cluster.start(
          {
            DATABASE_URL: t.url,
            REDIS_URL: redis.url,
            RATE_LIMIT_PER_MINUTE: "100000",
            SMTP_URL: smtp.url,
            OUTBOX_LEASE_MS: "1000",
          },
          { contactA: clockAhead("+5m") },
        );
        // The instance under faketime really lives 5 minutes ahead.
        const ahead = await fetch(`http://127.0.0.1:${cluster.ports.contactA}/healthz`);
        const skew = Date.parse(ahead.headers.get("date")!) - Date.now();
        expect(Math.abs(skew - 5 * 60_000)).toBeLessThan(10_000);

        const ids: string[] = [];
        for (let i = 0; i < 12; i++) {
          const kind = i % 2 ? "quotation" : "contact";
          const a = await post(cluster.port, `/${kind}`, bodyOf(kind, i), { from: "127.0.0.6" });
          expect(a.status).toBe(201);
          ids.push((JSON.parse(a.body) as { id: string }).id);
        }
        await vi.waitFor(
          async () => {
            const unsent = await t.database.db
              .selectFrom("outbox")
              .select("lead_id")
              .where("sent_at", "is", null)
              .execute();
            expect(unsent).toEqual([]);
          },
          { timeout: 90_000, interval: 250 },
        );
        // A second send would start within a lease, a send and a poll of the last one.
        await sleep(1_000 + 1_500 + 2_000);
        const mailed = smtp.mails.map((m) => m.headers["x-lead-id"]);
        expect(mailed.toSorted()).toEqual(ids.toSorted());
      } finally {
        await cluster.stopInstances();
        await smtp.stop();
      }
    }, 180_000);
  },
);
