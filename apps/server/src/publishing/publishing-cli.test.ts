// `npm run content -- history | publish | restore COMMIT`: the built command (dist/cli/content.js)
// against the desk's database and a checkout. Publishing itself (with the real site build) is the
// browser test's; here: the history the desk made, refusals and their exit codes.
import type { PublishRecord } from "@site/content/desk-api";
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentCheckout, fixtureBuilder, git } from "../../test/publishing-helpers";
import { DESK_URL, useDesk } from "../../test/desk-helpers";
import { childEnv, serverDir } from "../../test/helpers";

describe("content command", { timeout: 60_000 }, () => {
  const d = useDesk("sqlite");
  const checkout = contentCheckout();
  afterAll(() => checkout.cleanup());

  /**
   * The command, run without blocking this process (whose desk, in this process, may be in a SQLite
   * transaction the command's start waits for).
   */
  const content = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ["dist/cli/content.js", ...args],
        {
          cwd: serverDir,
          encoding: "utf8",
          env: childEnv({ DATABASE_URL: `sqlite:${d.database.location}`, ...checkout.env }),
        },
        (err, stdout, stderr) =>
          resolve({ status: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }),
      );
    });

  it("lists the desk's publishes, newest first, and the content before the first", async () => {
    const app = await d.desk(checkout.env, { siteBuilder: fixtureBuilder() });
    const { cookie } = await d.signIn("rae@example.com", "Rae Writer");
    const jobs = path.join(checkout.contentDir, "jobs.yaml");
    writeFileSync(
      jobs,
      readFileSync(jobs, "utf8").replace("title: UI/UX Designer Intern", "title: Product Designer Intern"),
    );
    const before = git(checkout.root, "rev-parse", "HEAD").trim();
    const res = await app.inject({
      method: "POST",
      url: "/api/content/publish",
      headers: { cookie, origin: DESK_URL },
    });
    expect(res.statusCode).toBe(202);
    for (let i = 0; i < 300; i++) {
      const s = (await app.inject({ url: "/api/content", headers: { cookie } })).json();
      if (s.live) break;
      await new Promise((r) => setTimeout(r, 20));
    }

    const json = await content("history", "--json");
    expect(json.status, json.stderr).toBe(0);
    const history = JSON.parse(json.stdout) as PublishRecord[];
    expect(history.map((p) => [p.kind, p.status, p.author.email])).toEqual([
      ["publish", "live", "rae@example.com"],
    ]);

    const text = await content("history");
    expect(text.stdout).toMatch(
      /LIVE +published by Rae Writer <rae@example\.com>: jobs\.yaml: Openings › UI\/UX Designer Intern › Title/,
    );
    expect(text.stdout).toContain(`before the first publish: ${before.slice(0, 10)}`);
  });

  it("refuses, with exit status 1 and a reason, what cannot be published or restored", async () => {
    const nothing = await content("publish");
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toContain("Nothing to publish");
    const unknown = await content("restore", "0123456789abcdef");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No version 0123456789abcdef of the content exists.");
    expect(git(checkout.root, "rev-list", "--count", "HEAD")).toBe("2\n");
  });

  it("answers a wrong command line with the usage and exit status 2", async () => {
    for (const args of [
      ["frobnicate"],
      ["restore"],
      ["history", "extra"],
      ["publish", "--as", "nobody@example.com"],
    ]) {
      const r = await content(...args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toContain("Usage: npm run content --");
    }
  });
});
