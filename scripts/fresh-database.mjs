// A fresh, empty database for one run of a browser suite (issue 31: a run's SQLite file used to be kept
// in the temporary folder, and a later run inherited its leads and bookings, up to a day's booking cap).
// The suites' servers (apps/web/tests/support/serve-site.mjs, apps/desk/tests/support/serve.mjs,
// apps/desk/tests-chat/support/serve-chat.mjs) call it before they start; the server's migrations then
// create the schema in the empty database.
import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The SQLite file a database URL names, which must lie in a folder of its own under the temporary
 * folder (that whole folder is removed: the file, its WAL and shared memory, anything else of the run).
 */
export function runSqliteFile(url, tmp = os.tmpdir()) {
  const file = url.slice("sqlite:".length);
  if (!path.isAbsolute(file) || !file.startsWith(tmp + path.sep) || path.dirname(file) === tmp) {
    throw new Error(
      `a test run's database must be sqlite:<a file in a folder of its own under ${tmp}>, not ${url}`,
    );
  }
  return file;
}

/**
 * Empties the database of a test run: a SQLite file's folder is removed and made again; a PostgreSQL
 * database is dropped and created again on the cluster of `adminUrl` (TEST_DATABASE_URL), its name
 * made of lower-case letters, digits and underscores only.
 */
export async function freshDatabase(
  url,
  { tmp = os.tmpdir(), adminUrl = process.env.TEST_DATABASE_URL } = {},
) {
  if (url.startsWith("sqlite:")) {
    const folder = path.dirname(runSqliteFile(url, tmp));
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    return;
  }
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`not a database URL of a test run: ${url}`);
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  if (!adminUrl) throw new Error("a PostgreSQL test database needs TEST_DATABASE_URL (its cluster)");
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}
