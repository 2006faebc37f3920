import { chromium, expect, type Page, type TestInfo } from "@playwright/test";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { chromiumFlags, chromiumPath } from "../../../../scripts/chromium.mjs";
import { repoRoot, siteUrl } from "./desk-env";

export interface LoggedRequest {
  method: string;
  url: string;
}

/**
 * A visitor's own Chromium that writes Chromium's network log (--log-net-log): every request the
 * network service starts, beacons sent while a page unloads included, which a page's request events
 * can miss. `close()` closes the browser (which writes the log) and returns the requests.
 */
export async function visitorBrowser(info: TestInfo) {
  const file = info.outputPath("net-log.json");
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumFlags, `--log-net-log=${file}`],
  });
  return {
    browser,
    async close(): Promise<LoggedRequest[]> {
      await browser.close();
      const log = JSON.parse(await readFile(file, "utf8")) as {
        constants: { logEventTypes: Record<string, number> };
        events: { type: number; params?: { url?: string; method?: string } }[];
      };
      const start = log.constants.logEventTypes.URL_REQUEST_START_JOB;
      return log.events
        .filter((e) => e.type === start && e.params?.url)
        .map((e) => ({ method: e.params!.method ?? "GET", url: e.params!.url! }));
    },
  };
}

/**
 * The origin the site's build posts its beacons to (its contact service), from the build's manifest;
 * fails, saying how to fix it, when that is not the contact service of this run.
 */
export async function beaconOrigin(contactPort: number): Promise<string> {
  const manifest = JSON.parse(
    await readFile(path.join(repoRoot, "apps", "web", "build", "site-manifest.json"), "utf8"),
  ) as { connectOrigins: string[] };
  const origin = `http://localhost:${contactPort}`;
  expect(
    manifest.connectOrigins,
    `the site build must post to this run's contact service: build it with VITE_CONTACT_API_URL=${origin}`,
  ).toContain(origin);
  return origin;
}

/** The site's page has hydrated (its islands, or React Router). */
export async function hydrated(site: Page) {
  await expect(site.locator("html[data-hydrated='true']")).toBeAttached();
}

/** The site has hydrated and loaded its lazy speed chunk (web-vitals and the beacon). */
export async function measuring(site: Page) {
  await hydrated(site);
  await site.waitForFunction(() =>
    performance.getEntriesByType("resource").some((e) => e.name.includes("/assets/vitals-beacon")),
  );
}

export const sitePage = (p: string) => `${siteUrl}${p}`;
