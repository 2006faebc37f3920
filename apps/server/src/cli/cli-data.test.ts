import type { AuditRecord } from "@site/contracts";
import BetterSqlite3 from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { NewLead } from "../records/intake/store-leads";
import type { LeadView } from "../records/lead-queries";
import {
  buildServer,
  childEnv,
  json,
  openTestDatabase,
  serverDir,
  tempDir,
  testConfig,
  type TestDatabase,
  validContact,
} from "../../test/helpers";

const lead = (email: string, isSpam = false): NewLead => ({
  kind: "contact",
  name: "Grace Hopper",
  email,
  phone: "+44 20 7946 0000",
  message: "Hello",
  isSpam,
});

describe("leads command: purge, rights, audit, backup", { timeout: 120_000 }, () => {
  let t: TestDatabase;
  const tmp = tempDir("leads-cli-data-");
  const cliPath = path.join(serverDir, "dist", "cli", "leads.js");

  function cli(args: string[], input?: string) {
    const r = spawnSync(process.execPath, [cliPath, ...args], {
      env: childEnv({ DATABASE_URL: t.url }),
      encoding: "utf8",
      input: input ?? "",
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }
  const ids = () =>
    (JSON.parse(cli(["list", "--all", "--json"]).stdout) as LeadView[]).map((l) => l.id).sort();
  const store = async (email: string, at: string, spam = false) => {
    const r = await t.database.writeLead({ lead: lead(email, spam), now: new Date(at), channels: ["email"] });
    if (r.outcome !== "created") throw new Error(r.outcome);
    return r.id;
  };

  beforeAll(async () => {
    buildServer();
    t = await openTestDatabase("sqlite");
  });
  afterAll(async () => {
    await t.cleanup();
    tmp.cleanup();
  });

  it("help lists every command", () => {
    const r = cli(["help"]);
    expect(r.code).toBe(0);
    for (const c of [
      "list",
      "show",
      "export --email ADDRESS",
      "erase --email ADDRESS [--yes]",
      "purge [--dry-run] [--json]",
      "audit [--since DATE] [--json]",
      "backup --out FILE",
    ]) {
      expect(r.stdout).toContain(c);
    }
  });

  it("purge --dry-run reports without deleting; purge deletes and prints what it removed", async () => {
    const old = await store("old@example.com", "2020-01-01T00:00:00Z");
    const spam = await store("bot@example.com", "2020-01-02T00:00:00Z", true);
    const recent = await store("recent@example.com", new Date().toISOString());
    await t.database.db.updateTable("outbox").set({ sent_at: new Date().toISOString() }).execute();

    const dry = cli(["purge", "--dry-run", "--json"]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      enquiries: 1,
      spam: 1,
      dryRun: true,
      leadIds: [old, spam],
    });
    expect(ids()).toContain(old);

    const r = cli(["purge"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "Deleted 1 enquiry last active over 24 months ago, 1 spam lead over 30 days old",
    );
    expect(r.stdout).toContain(old);
    expect(ids()).toEqual([recent]);
    expect(cli(["purge", "--dry-run"]).stdout).toMatch(/^Would delete 0 enquiries last active/);

    // The periods come from the environment the privacy notice is built with.
    const short = spawnSync(process.execPath, [cliPath, "purge", "--dry-run", "--json"], {
      env: childEnv({ DATABASE_URL: t.url, RETENTION_ENQUIRY_MONTHS: "abc" }),
      encoding: "utf8",
    });
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("RETENTION_ENQUIRY_MONTHS must be a whole number");
  });

  it("exports one address in JSON and CSV, and erases it only after a yes", async () => {
    const mine = [
      await store("Ada.Byron@Example.com", "2026-11-01T10:00:00Z"),
      await store("ada.byron@example.com", "2026-11-02T10:00:00Z", true),
    ].sort();
    const before = ids();

    const exported = cli(["export", "--email", "  ADA.BYRON@example.COM ", "--format", "json"]);
    expect(exported.code).toBe(0);
    expect((JSON.parse(exported.stdout) as LeadView[]).map((l) => l.id).sort()).toEqual(mine);
    const out = path.join(tmp.dir, "ada.csv");
    expect(cli(["export", "--email", "ada.byron@example.com", "--format", "csv", "--out", out]).code).toBe(0);
    expect(readFileSync(out, "utf8").split("\r\n").filter(Boolean)).toHaveLength(3);

    const no = cli(["erase", "--email", "ada.byron@EXAMPLE.com"], "no\n");
    expect(no.code).toBe(1);
    expect(no.stderr).toContain("Erase 2 leads of ada.byron@EXAMPLE.com");
    expect(no.stderr).toContain("Nothing erased.");
    expect(ids()).toEqual(before);

    // No answer at all (stdin already at its end, as in a script or cron): a no, and the command ends.
    const closed = spawnSync(process.execPath, [cliPath, "erase", "--email", "ada.byron@example.com"], {
      env: childEnv({ DATABASE_URL: t.url }),
      encoding: "utf8",
      input: "",
      timeout: 20_000,
    });
    expect(closed.signal, "erase kept waiting for an answer on a closed stdin").toBeNull();
    expect(closed.status).toBe(1);
    expect(closed.stderr).toContain("Nothing erased.");
    expect(ids()).toEqual(before);

    const yes = cli(["erase", "--email", "ada.byron@EXAMPLE.com"], "yes\n");
    expect(yes.code).toBe(0);
    expect(yes.stdout).toBe("Erased 2 leads.\n");
    expect(ids()).toEqual(before.filter((id) => !mine.includes(id)));

    const again = cli(["erase", "--email", "ada.byron@example.com", "--yes"]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("Nothing is stored about ada.byron@example.com");
  });

  it("audit lists every purge, export and erasure with the OS user, never an address", () => {
    const r = cli(["audit", "--json"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as AuditRecord[];
    expect(rows.map((x) => [x.action, x.leadCount])).toEqual([
      ["purge", 2],
      ["export", 2],
      ["export", 2],
      ["erase", 2],
    ]);
    for (const row of rows) expect(row).toMatchObject({ actorType: "cli", actor: userInfo().username });
    expect(r.stdout.toLowerCase()).not.toMatch(/byron|example\.com/);
    expect(cli(["audit", "--since", "2999-01-01"]).stdout).toBe("No audit records.\n");
    expect(cli(["audit"]).stdout).toMatch(/ cli:\S+ {2}erase {2}2 leads {2}leads=2\n/);
  });

  it("backs up a consistent copy while 20 clients keep posting leads", async () => {
    const app = await buildApp("contact", {
      config: testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }),
      database: t.database,
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/contact`;
    const acked: { id: string; at: number }[] = [];
    let running = true;
    const clients = Array.from({ length: 20 }, async (_, c) => {
      for (let i = 0; running; i++) {
        const res = await fetch(url, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ ...validContact, email: `client${c}.${i}@example.com` }),
        });
        expect(res.status).toBe(201);
        acked.push({ id: ((await res.json()) as { id: string }).id, at: performance.now() });
      }
    });
    try {
      while (acked.length < 200) await new Promise((r) => setTimeout(r, 20));
      const out = path.join(tmp.dir, "backup.sqlite");
      const began = performance.now();
      const before = acked.filter((a) => a.at < began).map((a) => a.id);
      const child = spawn(process.execPath, [cliPath, "backup", "--out", out], {
        env: childEnv({ DATABASE_URL: t.url }),
      });
      let stdout = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d));
      const code = await new Promise((resolve) => child.on("close", resolve));
      const during = acked.filter((a) => a.at > began).length;
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Backed up \d+ leads to .*backup\.sqlite \(\d+ bytes, integrity ok\)\.\n$/);
      expect(during).toBeGreaterThan(0); // the services kept taking leads meanwhile

      const copy = new BetterSqlite3(out, { readonly: true });
      try {
        expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
        const inCopy = new Set(
          (copy.prepare("select id from leads").all() as { id: string }[]).map((r) => r.id),
        );
        expect(before.filter((id) => !inCopy.has(id))).toEqual([]);
        expect(copy.prepare("select count(*) as n from outbox").get()).toEqual({ n: expect.any(Number) });
      } finally {
        copy.close();
      }
      expect(existsSync(`${out}-wal`)).toBe(false);
      // Every lead is in it: readable by its owner only, as an export written with --out.
      expect(statSync(out).mode & 0o077).toBe(0);
      // An existing file is never overwritten.
      const again = cli(["backup", "--out", out]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("exists");
    } finally {
      running = false;
      await Promise.all(clients);
      await app.close();
    }
    expect((JSON.parse(cli(["audit", "--json"]).stdout) as AuditRecord[]).at(-1)).toMatchObject({
      action: "backup",
    });
  });
});
