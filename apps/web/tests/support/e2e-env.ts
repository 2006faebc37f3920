/**
 * Settings shared by playwright.config.ts (which starts the servers) and the specs (which check what
 * the servers did). Workers re-evaluate this module with the same environment, so both sides agree.
 */
import { resolveServiceUrls } from "@site/site-policy/service-urls";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

const sitePort = Number(process.env.PORT ?? 3000);
export const baseURL = `http://localhost:${sitePort}`;

/**
 * The lead database of the e2e run: emptied as the server starts (serve-site.mjs), then the site
 * server writes it and `npm run leads` reads it. A SQLite file in a folder of its own.
 */
export const e2eDatabaseUrl =
  process.env.E2E_DATABASE_URL ?? `sqlite:${path.join(os.tmpdir(), `site-e2e-${sitePort}`, "leads.sqlite")}`;

/**
 * The SMTP peer (tests/support/smtp-sink.ts). Default ports follow PORT (20000 + PORT and the next one)
 * so runs on different PORTs side by side do not collide; SMTP_SINK_PORT overrides.
 */
export const smtpSinkPort = Number(process.env.SMTP_SINK_PORT ?? 20_000 + sitePort);
export const smtpSinkHttpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? smtpSinkPort + 1);
export const smtpSinkUrl = `http://127.0.0.1:${smtpSinkHttpPort}`;
export const notifyTo = process.env.E2E_NOTIFY_TO ?? "leads-e2e@example.com";

/** The lead services as the browser sees them (baked into the build from the same variables). */
const serviceUrls = resolveServiceUrls(process.env, undefined);
export const contactApiUrl = serviceUrls.contact;
export const quotationApiUrl = serviceUrls.quotation;

/** The e2e run posts many forms from one address: lift the per-IP limit (default 10/min) for it. */
export const e2eRateLimitPerMinute = Number(process.env.E2E_RATE_LIMIT_PER_MINUTE ?? 1000);
