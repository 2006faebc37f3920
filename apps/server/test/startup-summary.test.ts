import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FIRST_INVITE } from "../src/startup-summary";
import { childEnv, freePort, openTestDatabase, serverDir, TEST_DATABASE_URL, tempDir } from "./helpers";
import { type Fixture, startFixture } from "./site-fixture";

// `npm start` (ROLE=all) on a terminal ends its start-up with a summary: where the site, both services
// and the desk are, the database (never its password), whether e-mail goes out, and, while the desk has
// no member, the command that invites the first. Each start-up message is printed once. Into a pipe,
// every line stays JSON. script(1) gives the server a pseudo-terminal, as a person's shell would.

const main = path.join(serverDir, "dist", "main.js");
const tmp = tempDir("startup-summary-");
let site: Fixture;
beforeAll(async () => {
  site = await startFixture();
});
afterAll(async () => {
  await site.close();
  tmp.cleanup();
});

interface Ports {
  PORT: string;
  CONTACT_PORT: string;
  QUOTATION_PORT: string;
  DESK_PORT: string;
}
const ports = async (): Promise<Ports> => ({
  PORT: String(await freePort()),
  CONTACT_PORT: String(await freePort()),
  QUOTATION_PORT: String(await freePort()),
  DESK_PORT: String(await freePort()),
});

/** Starts `main.js` (ROLE=all), waits until `done(output)`, stops it; returns what it printed. */
async function started(
  on: "terminal" | "pipe",
  env: Record<string, string>,
  done: (out: string) => boolean,
): Promise<string> {
  const full = childEnv({
    ROLE: "all",
    WEB_BUILD_DIR: site.clientDir,
    DESK_BUILD_DIR: path.join(tmp.dir, "no-desk-build"),
    ...env,
  });
  const child: ChildProcess =
    on === "terminal"
      ? spawn("script", ["-qfec", `exec "${process.execPath}" "${main}"`, "/dev/null"], {
          env: full,
          detached: true,
        })
      : spawn(process.execPath, [main], { env: full, detached: true });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  try {
    await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
        expect(done(out)).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
  } finally {
    // The whole group, so the server itself gets the signal (script(1) would wait before passing it on);
    // what has not gone after 10 s is killed, so a failing test leaves no server behind.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      process.kill(-child.pid!, "SIGTERM");
      const late = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 10_000);
      await exited;
      clearTimeout(late);
    }
  }
  return stripVTControlCharacters(out).replace(/\r/g, "");
}

const summaryDone = (out: string) => out.includes("Ctrl+C stops everything.");
/** Lines of the pretty log and the summary, without the log's timestamps (nor script(1)'s own). */
const messages = (out: string) =>
  out
    .split("\n")
    .map((l) => l.replace(/^\[\d\d:\d\d:\d\d\.\d{3}\] /, "").trimEnd())
    .filter((l) => l && !l.startsWith("Session terminated"));

// Each test starts servers (up to 20 s each on a loaded machine) and stops them before it ends.
describe("what npm start prints (built main.js, ROLE=all)", { timeout: 90_000 }, () => {
  it("on a terminal, ends with where everything is and how to invite the first desk member", async () => {
    const p = await ports();
    const db = path.join(tmp.dir, "terminal", "leads.sqlite");
    const env = { ...p, DATABASE_URL: `sqlite:${db}` };
    const out = await started("terminal", env, summaryDone);
    const lines = messages(out);
    const summary = lines.slice(lines.indexOf("Ready."), lines.indexOf("Ctrl+C stops everything.") + 1);
    expect(summary).toEqual([
      "Ready.",
      `  Site               http://localhost:${p.PORT}`,
      `  Contact service    http://localhost:${p.CONTACT_PORT}  (POST /contact)`,
      `  Quotation service  http://localhost:${p.QUOTATION_PORT}  (POST /quotation)`,
      `  Lead desk          http://localhost:${p.DESK_PORT}`,
      `  Database           SQLite, ${db}`,
      "  E-mail             not configured (SMTP_URL): leads are stored, their e-mails wait in the outbox",
      "The desk has no member yet. Invite the first (it prints a one-time sign-up link):",
      `  ${FIRST_INVITE}`,
      "Ctrl+C stops everything.",
    ]);
    // Every message once (the rate limit's used to come once per lead service).
    expect(lines.filter((l, i) => lines.indexOf(l) !== i)).toEqual([]);
    expect(lines.filter((l) => l.includes("rate limit counted per process"))).toHaveLength(1);
    for (const line of lines) expect(line.startsWith("{"), line).toBe(false);

    // With a member, the summary no longer says how to invite one; an SMTP server shows without its password.
    const invite = spawnSync(
      process.execPath,
      [path.join(serverDir, "dist/cli/leads.js"), "staff", "invite", "robin@example.com"],
      { env: childEnv(env), encoding: "utf8" },
    );
    expect(invite.status, invite.stderr).toBe(0);
    const again = messages(
      await started(
        "terminal",
        { ...env, SMTP_URL: "smtp://mailer:hunter2-secret@127.0.0.1:2525", NOTIFY_TO: "sales@example.com" },
        summaryDone,
      ),
    );
    expect(again).toContain("  E-mail             smtp://127.0.0.1:2525, to sales@example.com");
    expect(again.join("\n")).not.toMatch(/hunter2|invite/);
  });

  it("into a pipe, prints JSON lines only, each start-up message once", async () => {
    const p = await ports();
    const out = await started(
      "pipe",
      { ...p, DATABASE_URL: `sqlite:${path.join(tmp.dir, "pipe", "leads.sqlite")}` },
      (o) =>
        [p.PORT, p.CONTACT_PORT, p.QUOTATION_PORT, p.DESK_PORT].every((n) =>
          o.includes(`listening at http://127.0.0.1:${n}"`),
        ),
    );
    const entries = out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { msg: string });
    const msgs = entries.map((e) => e.msg);
    expect(msgs.filter((m, i) => msgs.indexOf(m) !== i)).toEqual([]);
    expect(msgs).toContain("lead store ready (migrations applied)");
    expect(msgs).toContain(`site listening at http://127.0.0.1:${p.PORT}`);
    expect(out).not.toContain("Ready.");
  });

  it.skipIf(!TEST_DATABASE_URL)("names a PostgreSQL database without its password", async () => {
    const t = await openTestDatabase("postgres");
    try {
      const u = new URL(t.url);
      u.password = "s3cret-pass"; // the test cluster trusts loopback: any password connects
      const p = await ports();
      const out = await started("terminal", { ...p, DATABASE_URL: u.toString() }, summaryDone);
      expect(messages(out)).toContain(`  Database           PostgreSQL, postgres://${u.host}${u.pathname}`);
      expect(out).not.toContain("s3cret");
    } finally {
      await t.cleanup();
    }
  });
});
