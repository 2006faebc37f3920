// The browser suites' servers start on an empty database (scripts/fresh-database.mjs, issue 31).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, runSqliteFile } from "./fresh-database.mjs";

const made = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder standing for os.tmpdir(), holding a run's folder with what a SQLite run leaves. */
function runFolder() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "fresh-database-"));
  made.push(tmp);
  const folder = path.join(tmp, "site-e2e-3000");
  mkdirSync(folder);
  for (const name of ["leads.sqlite", "leads.sqlite-wal", "leads.sqlite-shm"]) {
    writeFileSync(path.join(folder, name), "the rows of an earlier run");
  }
  return { tmp, folder, url: `sqlite:${path.join(folder, "leads.sqlite")}` };
}

describe("freshDatabase", () => {
  it("leaves a SQLite run's folder empty: no file, WAL or shared memory of an earlier run", async () => {
    const { tmp, folder, url } = runFolder();
    await freshDatabase(url, { tmp });
    expect(existsSync(folder)).toBe(true);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("makes the folder of a first run", async () => {
    const { tmp, folder, url } = runFolder();
    rmSync(folder, { recursive: true });
    await freshDatabase(url, { tmp });
    expect(readdirSync(folder)).toEqual([]);
  });

  it("refuses a file that is not in a folder of its own under the temporary folder", async () => {
    const { tmp, folder } = runFolder();
    for (const url of [
      `sqlite:${path.join(tmp, "leads.sqlite")}`,
      "sqlite:data/leads.sqlite",
      `sqlite:${path.join(path.dirname(tmp), "elsewhere", "leads.sqlite")}`,
    ]) {
      await expect(freshDatabase(url, { tmp }), url).rejects.toThrow(/folder of its own/);
      expect(() => runSqliteFile(url, tmp), url).toThrow(/folder of its own/);
    }
    expect(readdirSync(folder)).toHaveLength(3);
  });

  it("refuses a PostgreSQL database with an unexpected name, or without its cluster", async () => {
    await expect(
      freshDatabase("postgres://localhost/leads;drop", { adminUrl: "postgres://x" }),
    ).rejects.toThrow(/unexpected database name/);
    await expect(freshDatabase("postgres://localhost/site_e2e", { adminUrl: "" })).rejects.toThrow(
      /TEST_DATABASE_URL/,
    );
  });
});
