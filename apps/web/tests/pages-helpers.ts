import type { APIRequestContext, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const fallbackFile = fileURLToPath(new URL("../build/client/__spa-fallback.html", import.meta.url));

/**
 * Unknown ids are rendered client-side from the SPA fallback. If the site server does not (yet) serve
 * the fallback for unknown paths, serve the built fallback file for this one URL, as the server will.
 */
export async function serveSpaFallbackIfMissing(page: Page, request: APIRequestContext, path: string) {
  const res = await request.get(path);
  const body = await res.text();
  if (body.includes("__reactRouterContext")) return;
  const html = readFileSync(fallbackFile, "utf8");
  await page.route(`**${path}`, (route) =>
    route.fulfill({ status: 404, contentType: "text/html; charset=utf-8", body: html }),
  );
}

/** Internal hrefs ('/…', not '//…') of a raw HTML document, entity-decoded, without fragments. */
export function internalHrefs(html: string): string[] {
  const hrefs = [...html.matchAll(/<a\b[^>]*?\bhref="([^"]+)"/g)].map((m) =>
    (m[1] ?? "").replace(/&amp;/g, "&"),
  );
  return [
    ...new Set(
      hrefs.filter((h) => h.startsWith("/") && !h.startsWith("//")).map((h) => h.split("#")[0] || "/"),
    ),
  ];
}

/** Index of the slide Embla reports as selected (data-selected on the slide). */
export async function selectedSlide(page: Page) {
  return page
    .locator('[aria-roledescription="slide"][data-selected="true"]')
    .getAttribute("data-slide-index")
    .then(Number);
}
