import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadView } from "../records/lead-queries";
import { claimNext, markFailed, markSent } from "../records/outbox/outbox-store";
import {
  buildServer,
  childEnv,
  openTestDatabase,
  repoDir,
  serverDir,
  tempDir,
  type TestDatabase,
} from "../../test/helpers";

/** Minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF records). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("leads command", { timeout: 120_000 }, () => {
  let t: TestDatabase;
  const tmp = tempDir("leads-cli-");
  const ids: Record<string, string> = {};

  function cli(...args: string[]) {
    const r = spawnSync(process.execPath, [path.join(serverDir, "dist", "cli", "leads.js"), ...args], {
      env: childEnv({ DATABASE_URL: t.url }),
      encoding: "utf8",
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }
  const listJson = (...args: string[]) => {
    const r = cli("list", "--json", ...args);
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout) as LeadView[];
  };

  beforeAll(async () => {
    buildServer();
    t = await openTestDatabase("sqlite");
    const db = t.database;
    const c = await db.writeLead({
      lead: {
        kind: "contact",
        name: "Ada Lovelace",
        email: "ada@example.com",
        phone: "+44 20 7946 0000",
        message: 'Hello, "team"\nSecond line',
        isSpam: false,
      },
      now: new Date("2026-01-05T09:00:00Z"),
    });
    const q = await db.writeLead({
      lead: {
        kind: "quotation",
        name: '=HYPERLINK("http://evil.example","click")',
        email: "mallory@example.com",
        phone: "020 7946 0123",
        company: "@SUM(A1:A9)",
        service: "cctv-solutions",
        details: "-2+3",
        isSpam: false,
      },
      now: new Date("2026-02-01T12:00:00Z"),
    });
    const s = await db.writeLead({
      lead: {
        kind: "contact",
        name: "Spam Bot",
        email: "bot@example.com",
        phone: "000000",
        message: "buy",
        isSpam: true,
      },
      now: new Date("2026-02-02T00:00:00Z"),
    });
    if (c.outcome !== "created" || q.outcome !== "created" || s.outcome !== "created")
      throw new Error("seed");
    Object.assign(ids, { contact: c.id, quotation: q.id, spam: s.id });
    // contact: sent; quotation: failed once and waiting to retry
    const now = new Date("2026-02-03T00:00:00Z");
    const claims = [
      (await claimNext(db, { now, leaseMs: 60_000, channel: "email" }))!,
      (await claimNext(db, { now, leaseMs: 60_000, channel: "email" }))!,
    ];
    await markSent(db, claims.find((x) => x.leadId === c.id)!, now, `<lead-${c.id}@example.com>`);
    await markFailed(
      db,
      claims.find((x) => x.leadId === q.id)!,
      now,
      new Date("2026-02-03T00:00:05Z"),
      "ECONNREFUSED",
    );
  });
  afterAll(async () => {
    await t.cleanup();
    tmp.cleanup();
  });

  it("list --json prints only a JSON array of real leads with their notification state", () => {
    const leads = listJson();
    expect(leads.map((l) => l.id)).toEqual([ids.contact, ids.quotation]);
    expect(leads[0]).toMatchObject({
      kind: "contact",
      name: "Ada Lovelace",
      email: "ada@example.com",
      spam: false,
      createdAt: "2026-01-05T09:00:00.000Z",
      notification: { state: "sent", attempts: 1, sentAt: "2026-02-03T00:00:00.000Z" },
    });
    expect(leads[1]).toMatchObject({
      kind: "quotation",
      service: "cctv-solutions",
      serviceLabel: "CCTV Solutions",
      notification: { state: "failed-retrying", attempts: 1, lastError: "ECONNREFUSED" },
    });
  });

  it("filters by kind, date and spam", () => {
    expect(listJson("--kind", "quotation").map((l) => l.id)).toEqual([ids.quotation]);
    expect(listJson("--since", "2026-01-10").map((l) => l.id)).toEqual([ids.quotation]);
    expect(listJson("--since", "2026-02-01T12:00:00.001Z")).toEqual([]);
    const spam = listJson("--spam");
    expect(spam.map((l) => l.id)).toEqual([ids.spam]);
    expect(spam[0]!.notification.state).toBe("not-notified-spam");
    expect(listJson("--all")).toHaveLength(3);
  });

  it("list prints a readable table by default", () => {
    const r = cli("list");
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+RECEIVED \(UTC\)\s+KIND\s+NAME\s+EMAIL\s+SERVICE\s+NOTIFICATION$/);
    expect(lines[1]).toContain(ids.contact);
    expect(lines[1]).toContain("sent 2026-02-03");
    expect(lines[2]).toContain("CCTV Solutions");
    expect(lines[2]).toContain("failed-retrying (1 attempt, next 2026-02-03T00:00:05.000Z)");
    expect(lines.at(-1)).toBe("2 leads.");
  });

  it("show prints one lead in full; an unknown id exits 1", () => {
    const r = cli("show", ids.quotation!);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Service:      CCTV Solutions (cctv-solutions)");
    expect(r.stdout).toContain("E-mail:       failed-retrying");
    expect(r.stdout).toMatch(/\nLast active: {2}2026-/); // a label that fits its column
    expect(r.stdout).toContain("Details:\n-2+3");
    const j = cli("show", ids.spam!, "--json");
    expect(JSON.parse(j.stdout)).toMatchObject({ id: ids.spam, spam: true });
    const missing = cli("show", "00000000-0000-7000-8000-000000000000");
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toContain("No lead with id");
  });

  it("exports CSV that spreadsheets cannot execute", () => {
    const r = cli("export", "--format", "csv");
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith("\r\n")).toBe(true);
    expect(r.stdout.startsWith("\uFEFFid,")).toBe(true); // UTF-8 byte order mark, for Excel
    const rows = parseCsv(r.stdout.slice(1));
    const header = rows[0]!;
    expect(header.slice(0, 6)).toEqual(["id", "received_at", "kind", "spam", "name", "email"]);
    expect(rows).toHaveLength(3);
    const col = (row: string[], name: string) => row[header.indexOf(name)];
    const [c, q] = [rows[1]!, rows[2]!];
    expect(col(c, "message")).toBe('Hello, "team"\nSecond line');
    expect(col(c, "phone")).toBe("'+44 20 7946 0000");
    expect(col(q, "name")).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(col(q, "company")).toBe("'@SUM(A1:A9)");
    expect(col(q, "details")).toBe("'-2+3");
    expect(col(q, "service")).toBe("CCTV Solutions");
    expect(col(q, "notification_state")).toBe("failed-retrying");
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("exports JSON to a file with --out, saying so on stderr only", () => {
    const out = path.join(tmp.dir, "leads.json");
    const r = cli("export", "--format", "json", "--out", out, "--all");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("Wrote 3 leads");
    const data = JSON.parse(readFileSync(out, "utf8")) as LeadView[];
    expect(data.map((l) => l.id).sort()).toEqual([ids.contact, ids.quotation, ids.spam].sort());
  });

  it.each([
    [[]],
    [["frobnicate"]],
    [["list", "--kind", "newsletter"]],
    [["list", "--since", "yesterday"]],
    [["list", "--since", "2026-02-30"]],
    [["list", "--spam", "--all"]],
    [["list", "--colour"]],
    [["show"]],
    [["export"]],
    [["export", "--format", "xml"]],
    [["export", "--format", "csv", "--json"]],
  ])("exits 2 with usage on bad arguments %j", (args) => {
    const r = cli(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("Usage: npm run leads --");
  });

  it("help exits 0", () => {
    const r = cli("help");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: npm run leads --");
  });

  it("`npm run leads -- list --json` from the repository root prints pure JSON", () => {
    const r = spawnSync("npm", ["run", "leads", "--", "list", "--json", "--kind", "contact"], {
      cwd: repoDir,
      env: childEnv({ DATABASE_URL: t.url }),
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as LeadView[]).map((l) => l.id)).toEqual([ids.contact]);
  });
});
