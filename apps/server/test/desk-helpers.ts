import { DESK_SESSION_COOKIE } from "@site/contracts/desk";
import type { FastifyInstance, RouteOptions } from "fastify";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { type AppDeps, buildApp } from "../src/app";
import { SessionStore } from "../src/records/staff/session-store";
import { inviteStaff } from "../src/records/staff/staff-store";
import { ManualClock } from "../src/platform/clock";
import type { NewLead } from "../src/records/intake/store-leads";
import { type Backend, openTestDatabase, type TestDatabase, tempDir, testConfig } from "./helpers";

export const DESK_URL = "http://localhost:8100";
export const FOREIGN_ORIGIN = "https://evil.example";

/** A minimal desk build: index.html with one inline script, its manifest, one asset. */
export function writeDeskFixture(dir: string): string {
  const client = path.join(dir, "client");
  mkdirSync(path.join(client, "assets"), { recursive: true });
  writeFileSync(
    path.join(client, "index.html"),
    `<!doctype html><html lang="en"><head><title>Desk</title></head><body><script>window.x=1</script></body></html>`,
  );
  writeFileSync(path.join(client, "assets", "app-abc123.js"), "console.log('desk');\n");
  writeFileSync(
    path.join(dir, "desk-manifest.json"),
    JSON.stringify({ version: 1, scriptHashes: ["'sha256-fixture'"], styleHashes: [] }),
  );
  return client;
}

const ALL_TABLES = [
  "chat_messages",
  "chat_conversations",
  "chat_presence",
  "audit_log",
  "lead_events",
  "notes",
  "webauthn_challenges",
  "autoreply_log",
  "sessions",
  "enrolments",
  "passkeys",
  "outbox",
  "idempotency_keys",
  "leads",
  "staff",
  "vitals_histogram",
  "vitals_views",
  "webhook_endpoints",
  "content_publishes",
] as const;

/**
 * The desk role on one backend for a describe block: a migrated database emptied before each test, a
 * manual clock, a fixture build; `signIn` makes a member and a session through the real stores.
 */
export function useDesk(backend: Backend) {
  let t: TestDatabase;
  let clock: ManualClock;
  let app: FastifyInstance | undefined;
  const tmp = tempDir("desk-test-");
  const buildDir = writeDeskFixture(tmp.dir);
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.cleanup();
    tmp.cleanup();
  });
  beforeEach(async () => {
    clock = new ManualClock();
    for (const table of ALL_TABLES) await t.database.db.deleteFrom(table).execute();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    routes.length = 0;
  });

  async function desk(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}) {
    app = await buildApp("desk", {
      config: testConfig({ DESK_URL, DESK_BUILD_DIR: buildDir, ...env }),
      database: t.database,
      clock,
      onRoute: (r) => routes.push(r),
      ...deps,
    });
    await app.ready();
    return app;
  }

  /** A member with a live session: the cookie header to send. */
  async function signIn(email = "sam@example.com", name = "Sam Seller") {
    const { staff } = await inviteStaff(t.database.db, { email, name }, clock.now(), {
      actorType: "cli",
      actor: "test",
    });
    const { token } = await new SessionStore(t.database.db, clock).create(staff.id);
    return { staff, cookie: `${DESK_SESSION_COOKIE}=${token}`, token };
  }

  async function lead(fields: Partial<NewLead> = {}, at?: Date) {
    const lead: NewLead = {
      kind: "contact",
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+44 20 7946 0000",
      message: "We need help migrating our ERP to the cloud.",
      isSpam: false,
      ...fields,
    };
    const r = await t.database.writeLead({
      lead,
      now: at ?? clock.now(),
      channels: lead.isSpam ? [] : ["email"],
    });
    if (r.outcome !== "created") throw new Error("lead not created");
    return r.id;
  }

  return {
    get database() {
      return t.database;
    },
    /** The database's DATABASE_URL (for a process of its own: the leads command). */
    get url() {
      return t.url;
    },
    get db() {
      return t.database.db;
    },
    get clock() {
      return clock;
    },
    routes,
    desk,
    signIn,
    lead,
  };
}
