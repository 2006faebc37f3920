import Sqlite from "better-sqlite3";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { childEnv, freePort, serverDir, tempDir, validContact } from "../../../test/helpers";
import { MIGRATIONS } from "./migrations";

// SQLite shared by several processes on one file: services starting together, a start stopped by a
// signal while it waits for another process's lock, and another process writing (as the leads
// command does) while the service is under load.

const tmp = tempDir("leads-processes-");
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  tmp.cleanup();
});

function start(file: string, port: number) {
  const child = spawn(process.execPath, [path.join(serverDir, "dist", "main.js")], {
    env: childEnv({
      ROLE: "contact",
      HOST: "127.0.0.1",
      CONTACT_PORT: String(port),
      DATABASE_URL: `sqlite:${file}`,
      RATE_LIMIT_PER_MINUTE: "100000",
      LOG_LEVEL: "warn",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

async function ready(proc: ReturnType<typeof start>, port: number) {
  await vi.waitFor(
    async () => {
      if (proc.child.exitCode !== null) throw new Error(`server exited early:\n${proc.output()}`);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    },
    { timeout: 30_000, interval: 100 },
  );
}

const hasOpen = (pid: number, file: string) =>
  readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
    } catch {
      return false;
    }
  });

/** Another process that writes in BEGIN IMMEDIATE transactions, as fast as it can, until SIGTERM. */
const WRITER = `
const Sqlite = require("better-sqlite3");
const db = new Sqlite(process.env.FILE);
db.pragma("busy_timeout = 5000");
const add = db.prepare("insert into idempotency_keys (kind, key, request_hash, status_code, response_body, created_at) values ('leads-command', ?, 'x', 200, '{}', '2000-01-01T00:00:00.000Z')");
const drop = db.prepare("delete from idempotency_keys where kind = 'leads-command'");
let commits = 0;
let stop = false;
process.on("SIGTERM", () => (stop = true));
(function loop() {
  if (stop) return;
  db.exec("BEGIN IMMEDIATE");
  add.run(String(commits));
  drop.run();
  db.exec("COMMIT");
  commits++;
  process.stdout.write(".");
  setImmediate(loop);
})();
`;

describe("SQLite shared by several processes", () => {
  it("services starting together on a new file all come up, migrated once", async () => {
    const file = path.join(tmp.dir, "together.sqlite");
    const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const procs = ports.map((port) => start(file, port));
    await Promise.all(procs.map((p, i) => ready(p, ports[i]!)));
    const db = new Sqlite(file, { readonly: true });
    try {
      expect(db.prepare("select name from kysely_migration").all()).toEqual(
        Object.keys(MIGRATIONS).map((name) => ({ name })),
      );
    } finally {
      db.close();
    }
    for (const p of procs) p.child.kill("SIGTERM");
    await Promise.all(procs.map((p) => once(p.child, "exit")));
  }, 90_000);

  it("SIGTERM while the start waits for another process's lock ends it cleanly, migrating nothing", async () => {
    const file = path.join(tmp.dir, "locked.sqlite");
    const holder = new Sqlite(file);
    holder.pragma("journal_mode = WAL");
    holder.exec("BEGIN IMMEDIATE");
    try {
      const port = await freePort();
      const proc = start(file, port);
      await vi.waitFor(() => expect(hasOpen(proc.child.pid!, file)).toBe(true), {
        timeout: 30_000,
        interval: 50,
      });
      proc.child.kill("SIGTERM");
      const [code] = (await once(proc.child, "exit")) as [number | null];
      expect([code, proc.child.signalCode]).toEqual([0, null]);
      // The shutdown's database step aborts the wait for the lock (main.ts), then the process exits 0.
      expect(proc.output()).toContain('"signal":"SIGTERM"');
      expect(proc.output()).toContain('"msg":"shutting down"');
      expect(proc.output()).not.toContain("lead store ready");
    } finally {
      holder.exec("ROLLBACK");
    }
    expect(holder.prepare("select name from sqlite_master").all()).toEqual([]);
    holder.close();

    const port = await freePort();
    const again = start(file, port);
    await ready(again, port);
    again.child.kill("SIGTERM");
    await once(again.child, "exit");
  }, 90_000);

  it("another process writing in a loop while the service is under load causes no 5xx", async () => {
    const file = path.join(tmp.dir, "busy.sqlite");
    const port = await freePort();
    const service = start(file, port);
    await ready(service, port);
    const writer = spawn(process.execPath, ["-e", WRITER], {
      cwd: serverDir,
      env: { ...process.env, FILE: file },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(writer);
    // One dot per commit of the other process.
    let commits = 0;
    writer.stdout!.on("data", (d: Buffer) => (commits += d.length));

    // At least 400 leads, and on until the other process has committed 100 times meanwhile (however
    // the machine shares its cores between the two), within a bound.
    const statuses: number[] = [];
    let next = 0;
    const client = async () => {
      while ((next < 400 || commits < 100) && next < 20_000) {
        const i = next++;
        const res = await fetch(`http://127.0.0.1:${port}/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": `load-${i}` },
          body: JSON.stringify({ ...validContact, name: `Visitor ${i}` }),
        });
        statuses.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: 25 }, client));
    writer.kill("SIGTERM");
    await once(writer, "exit");

    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(commits).toBeGreaterThanOrEqual(100);
    const db = new Sqlite(file, { readonly: true });
    try {
      expect(db.prepare("select count(*) as n from leads").get()).toEqual({ n: statuses.length });
    } finally {
      db.close();
    }
    service.child.kill("SIGTERM");
    await once(service.child, "exit");
  }, 120_000);
});
