/**
 * The live-chat browser tests (npm run test:chat): the site built with LIVE_CHAT=on into
 * apps/web/build-chat, served with the services and the desk by one process (ROLE=all) on the caller's
 * port set, on a fresh SQLite file, its clock set by libfaketime to a Monday morning in London.
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
export const ports = {
  site: Number(process.env.PORT ?? 3000),
  contact: Number(process.env.CONTACT_PORT ?? 8081),
  quotation: Number(process.env.QUOTATION_PORT ?? 8091),
  desk: Number(process.env.DESK_PORT ?? 8100),
};
export const siteUrl = `http://localhost:${ports.site}`;
export const deskUrl = `http://localhost:${ports.desk}`;
/** Where the LIVE_CHAT=on site is built (scripts/test-chat.mjs). */
export const chatBuildDir = path.join(repoRoot, "apps", "web", "build-chat");
export const databaseUrl = `sqlite:${path.join(os.tmpdir(), `chat-e2e-${ports.desk}`, "leads.sqlite")}`;
/** Monday 5 January 2026, 10:00 in London: within office hours whatever the real time. */
export const OFFICE_MORNING = "2026-01-05 10:00:00";
export const screenshotDir = process.env.CHAT_SCREENSHOTS;
