import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, packageDirOf, repoRoot } from "./config";

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

describe("the repository root the default paths start from", () => {
  const copies: string[] = [];
  afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("is the same from the sources and from each bundle, whatever its depth in dist/", () => {
    // dist/ is built by the global setup: main.js at its top, the leads command and the benchmarks a
    // folder deeper, each computing the root from its own file.
    for (const dir of ["src", "dist", "dist/cli", "dist/bench"]) {
      expect(packageDirOf(path.join(serverDir, dir)), dir).toBe(serverDir);
    }
    const rootPackage = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    expect(rootPackage.workspaces).toContain("apps/server");
    expect(loadConfig({}).DATABASE_URL).toBe(`sqlite:${path.join(repoRoot, "data", "leads.sqlite")}`);
  });

  it("puts the leads command's default store where npm start keeps it: <repo>/data/leads.sqlite", async () => {
    // A copy of the built server in a throw-away repository, so that the default store is its own.
    const repo = mkdtempSync(path.join(os.tmpdir(), "repo-root-"));
    copies.push(repo);
    cpSync(path.join(serverDir, "dist"), path.join(repo, "apps/server/dist"), { recursive: true });
    cpSync(path.join(serverDir, "package.json"), path.join(repo, "apps/server/package.json"));
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(repo, "node_modules"));
    // npm keeps some of the server's packages in its own node_modules (altcha-lib, one copy per app).
    if (existsSync(path.join(serverDir, "node_modules"))) {
      symlinkSync(path.join(serverDir, "node_modules"), path.join(repo, "apps/server/node_modules"));
    }
    const env = { ...process.env, DATABASE_URL: "", SMTP_URL: "", LOG_LEVEL: "silent" };
    const { stdout } = await run(
      process.execPath,
      [path.join(repo, "apps/server/dist/cli/leads.js"), "staff", "invite", "first@example.com", "--json"],
      { cwd: os.tmpdir(), env },
    );
    expect(JSON.parse(stdout).url).toMatch(/\/enrol#token=/);
    expect(existsSync(path.join(repo, "data/leads.sqlite"))).toBe(true);
    expect(existsSync(path.join(repo, "apps/data"))).toBe(false);
  });
});
