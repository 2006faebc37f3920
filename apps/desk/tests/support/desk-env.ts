/**
 * Settings shared by playwright.config.ts (which starts the server) and the specs. The run is on
 * SQLite unless DESK_E2E_BACKEND=postgres (then TEST_DATABASE_URL names the cluster; serve.mjs makes a
 * fresh database on it). The server is `npm start` (ROLE=all) on the caller's port set.
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
export const backend = process.env.DESK_E2E_BACKEND === "postgres" ? "postgres" : "sqlite";

export const ports = {
  site: Number(process.env.PORT ?? 3000),
  contact: Number(process.env.CONTACT_PORT ?? 8081),
  quotation: Number(process.env.QUOTATION_PORT ?? 8091),
  desk: Number(process.env.DESK_PORT ?? 8100),
};
export const deskUrl = `http://localhost:${ports.desk}`;
/** The public site of the run (ROLE=all serves it): the speed tests browse it as a visitor. */
export const siteUrl = `http://localhost:${ports.site}`;
export const contactUrl = `http://127.0.0.1:${ports.contact}/contact`;
export const quotationUrl = `http://127.0.0.1:${ports.quotation}/quotation`;

function postgresUrl(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("DESK_E2E_BACKEND=postgres needs TEST_DATABASE_URL");
  const u = new URL(base);
  u.pathname = `/desk_e2e_${ports.desk}`;
  return u.toString();
}

/** The database of the run: the server writes it, the specs' CLI calls read it. */
export const databaseUrl =
  backend === "postgres"
    ? postgresUrl()
    : `sqlite:${path.join(os.tmpdir(), `desk-e2e-${ports.desk}`, "leads.sqlite")}`;

/**
 * The content the run's desk edits and publishes: a git checkout of its own (serve.mjs makes it from
 * the repository's content/), so a test's commits never land in the repository; and where its
 * publishes build the site (the run's site serves SITE_RELEASES_DIR/live once something is live).
 */
const runDir = path.join(os.tmpdir(), `desk-e2e-content-${ports.desk}`);
export const contentCheckout = path.join(runDir, "checkout");
export const contentDir = path.join(contentCheckout, "content");
export const releasesDir = path.join(runDir, "releases");

/** Where screenshots go when DESK_SCREENSHOTS is set (a directory). */
export const screenshotDir = process.env.DESK_SCREENSHOTS;

/** The SMTP peer of the run (apps/web/tests/support/smtp-sink.ts): SMTP on `port`, its messages at `url`. */
export const smtpSink = {
  port: 21_000 + ports.desk,
  url: `http://127.0.0.1:${21_000 + ports.desk + 1}`,
};
