import type { FastifyInstance } from "fastify";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { buildApp } from "../src/app";
import type { Role } from "../src/platform/config/config";
import { type Config, loadConfig } from "../src/platform/config/config";
import { type Database, openDatabase } from "../src/records/database";
import { ManualClock } from "../src/platform/clock";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

// In CI the PostgreSQL suite must run: a missing TEST_DATABASE_URL fails the run instead of skipping.
if (process.env.CI === "true" && !TEST_DATABASE_URL) {
  throw new Error("CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests cannot be skipped in CI");
}

export type Backend = "sqlite" | "postgres";
/** Backends to run the storage/service suites on; PostgreSQL only when TEST_DATABASE_URL is set. */
export const BACKENDS: { backend: Backend; skip: boolean }[] = [
  { backend: "sqlite", skip: false },
  { backend: "postgres", skip: !TEST_DATABASE_URL },
];

/** The site origin the test services allow. */
export const ORIGIN = "http://localhost:3000";
/** Headers of a JSON request. */
export const json = { "content-type": "application/json" };

/**
 * The configuration of a test's services. The proof-of-work challenge costs 1 iteration per try
 * (test cost: a real solve in milliseconds); the challenge's own tests set CHALLENGE_COST themselves.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: "silent", ALLOWED_ORIGINS: ORIGIN, CHALLENGE_COST: "1", ...env });
}

export function tempDir(prefix = "leads-test-"): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestDatabase {
  database: Database;
  url: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh database, migrated unless `migrate: false`: a SQLite file in a temp directory, or a uniquely named PostgreSQL
 * database created on the TEST_DATABASE_URL cluster and dropped afterwards.
 */
export async function openTestDatabase(
  backend: Backend,
  opts: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (backend === "sqlite") {
    const tmp = tempDir();
    const url = `sqlite:${path.join(tmp.dir, "nested", "leads.sqlite")}`;
    const database = await openDatabase(url, opts);
    return {
      database,
      url,
      async cleanup() {
        await database.close().catch(() => {});
        tmp.cleanup();
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const name = `leads_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(TEST_DATABASE_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase(url, opts);
  return {
    database,
    url,
    async cleanup() {
      await database.close().catch(() => {});
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The ports this process has handed out: a port closed again may be the kernel's next pick too. */
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const s = net.createServer();
      s.once("error", reject);
      s.listen(0, "127.0.0.1", () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    // Two calls in a row once gave the contact and the desk listener one port (EADDRINUSE at start).
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

export const validContact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 20 7946 0000",
  message: "We need help migrating our ERP to the cloud.",
};

export const validQuotation = {
  name: "Charles Babbage",
  email: "charles@example.com",
  phone: "020 7946 0123",
  company: "Analytical Engines Ltd",
  service: "erp-consultation",
  details: "Forty users across two sites.",
};

export const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const repoDir = path.resolve(serverDir, "../..");

/** Bundles the server (dist/main.js, dist/cli/leads.js) exactly as `npm run build -w apps/server` does. */
export function buildServer(): void {
  const r = spawnSync(process.execPath, ["build.mjs"], { cwd: serverDir, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`server build failed:\n${r.stdout}\n${r.stderr}`);
}

/** Environment for a child process: the parent's, minus anything that would change its storage or mail. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of [
    "DATABASE_URL",
    "SMTP_URL",
    "ROLE",
    "PORT",
    "CONTACT_PORT",
    "QUOTATION_PORT",
    "LOG_LEVEL",
  ]) {
    delete env[k];
  }
  return { ...env, ...extra };
}

/**
 * The lead services of one describe block on one backend: a migrated database for the block,
 * emptied before each test, with a fresh manual clock; the apps a test builds are closed after it.
 */
export function useLeadServices(backend: Backend) {
  let t: TestDatabase;
  let clock: ManualClock;
  const apps: FastifyInstance[] = [];
  /** Ids passed to onLeadStored (what wakes the outbox worker). */
  const woken: string[] = [];

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.cleanup();
  });
  beforeEach(async () => {
    clock = new ManualClock();
    woken.length = 0;
    await t.database.db.deleteFrom("outbox").execute();
    await t.database.db.deleteFrom("idempotency_keys").execute();
    await t.database.db.deleteFrom("leads").execute();
    await t.database.db.deleteFrom("audit_log").execute();
    await t.database.db.deleteFrom("autoreply_log").execute();
    await t.database.db.deleteFrom("vitals_histogram").execute();
    await t.database.db.deleteFrom("vitals_views").execute();
    await t.database.db.deleteFrom("webhook_endpoints").execute();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  /** Closes an app the test built itself after the test. */
  function track(a: FastifyInstance) {
    apps.push(a);
    return a;
  }
  async function count(table: "leads" | "outbox" | "idempotency_keys") {
    const r = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
  return {
    get database() {
      return t.database;
    },
    get db() {
      return t.database.db;
    },
    /** The block's DATABASE_URL (another instance can open it). */
    get url() {
      return t.url;
    },
    get clock() {
      return clock;
    },
    woken,
    track,
    count,
    /** One role's app on the block's database and clock; a rate limit tests do not reach unless set. */
    async app(role: Role = "contact", env: Record<string, string> = {}) {
      return track(
        await buildApp(role, {
          config: testConfig({ RATE_LIMIT_PER_MINUTE: "1000", VITALS_RATE_LIMIT_PER_MINUTE: "1000", ...env }),
          database: t.database,
          clock,
          onLeadStored: (id) => woken.push(id),
        }),
      );
    },
    async nothingStored() {
      expect([await count("leads"), await count("outbox"), await count("idempotency_keys")]).toEqual([
        0, 0, 0,
      ]);
    },
  };
}
