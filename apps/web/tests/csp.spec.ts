import { type ConsoleMessage, type Page, expect, test } from "@playwright/test";
import { PAGE_READY_SELECTOR } from "../app/components/island-attributes";
import { SOLVE_MEASURE } from "../app/lib/challenge";
import { findService } from "../app/lib/services";
import { notFoundPath, prerenderPaths } from "../app/lib/site-paths";

/**
 * The strict CSP the site server sends (hash-only script-src, see packages/site-policy)
 * must not block anything on any prerendered page, and the pages must still hydrate and navigate.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
    __sameDocument?: boolean;
  }
}

interface Watch {
  problems: string[];
}

/** Records CSP violations (event + console), script console errors and uncaught page errors. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { problems: [] };
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations!.push(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on("console", (m: ConsoleMessage) => {
    const text = m.text();
    if (/content security policy|permissions-policy/i.test(text)) w.problems.push(`console: ${text}`);
    // Errors logged by scripts (hydration mismatches, failed chunks…). A 404 document or a missing
    // resource is logged by the browser as "Failed to load resource" and is asserted elsewhere.
    else if (m.type() === "error" && !text.startsWith("Failed to load resource")) {
      w.problems.push(`console.error: ${text}`);
    }
  });
  page.on("pageerror", (e) => w.problems.push(`pageerror: ${e.message}`));
  return w;
}

async function expectClean(page: Page, w: Watch) {
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  expect([...w.problems, ...violations]).toEqual([]);
}

/**
 * Waits until the page's scripts have run (React Router hydrated it, or on a content page the islands'
 * loader ran: both mark <html data-hydrated>) and the network is quiet. A content page starts its loader
 * at the visitor's first use: the mouse moves over it first.
 */
async function settle(page: Page) {
  await page.locator(PAGE_READY_SELECTOR).first().waitFor({ state: "attached" });
  await page.mouse.move(10, 200);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.waitForLoadState("networkidle");
}

for (const path of prerenderPaths()) {
  test(`no CSP violation or page error on ${path}`, async ({ page }) => {
    const w = await watch(page);
    const res = await page.goto(path);
    expect(res?.status()).toBe(path === notFoundPath ? 404 : 200);
    const csp = res?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toContain("unsafe-eval");
    await settle(page);
    await expect(page.locator("h1").first()).toBeVisible();
    await expectClean(page, w);
  });
}

test.describe("raw HTML (no JavaScript) already has each page's heading", () => {
  test.use({ javaScriptEnabled: false });
  for (const path of prerenderPaths()) {
    test(`GET ${path}`, async ({ page, request, browser }) => {
      // The markup does not depend on the viewport: once is enough.
      test.skip(test.info().project.name !== "desktop", "viewport-independent");
      const raw = await request.get(path);
      expect(raw.status()).toBe(path === notFoundPath ? 404 : 200);
      expect(await raw.text()).toMatch(/<h1[\s>]/);
      // The heading without JavaScript is the same heading the hydrated page shows.
      await page.goto(path);
      const staticHeading = (await page.locator("h1").first().innerText()).trim();
      expect(staticHeading.length).toBeGreaterThan(0);
      const service = path.startsWith("/services/") ? findService(path.split("/")[2]) : undefined;
      if (service) expect(staticHeading).toContain(service.title);
      const withJs = await browser.newContext({ javaScriptEnabled: true });
      try {
        const live = await withJs.newPage();
        await live.goto(path);
        await settle(live);
        expect((await live.locator("h1").first().innerText()).trim()).toBe(staticHeading);
      } finally {
        await withJs.close();
      }
    });
  }
});

test("the 404 page at an unknown path runs its widgets, and its link home loads the home page", async ({
  page,
}) => {
  const w = await watch(page);
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await settle(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A content page: the islands' script, no router (docs/decisions/0022-content-page-islands.md).
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  await page.getByRole("button", { name: "Open chat" }).click();
  await expect(page.getByRole("dialog", { name: "Chat with us" })).toBeVisible();
  await page.evaluate(() => (window.__sameDocument = true));
  await page.getByRole("link", { name: /home/i }).first().click();
  await expect(page).toHaveURL("/");
  // Links are plain documents: a new page.
  await expect(page.locator(PAGE_READY_SELECTOR).first()).toBeAttached();
  expect(await page.evaluate(() => window.__sameDocument)).toBeUndefined();
  await expectClean(page, w);
});

for (const [path, message] of [
  ["/services/unknown", "Service not found."],
  ["/products/unknown", "Product not found"],
] as const) {
  test(`${path} is served the SPA fallback (404) and shows '${message}' after hydration`, async ({
    page,
  }) => {
    const w = await watch(page);
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expectClean(page, w);
  });
}

test("React Router's .data payloads are served as it types them, reachable under the CSP", async ({
  page,
}) => {
  // Links load documents (no client-side navigation fetches them now); the payloads stay in the build,
  // and a page React Router hydrates can still read them under connect-src 'self'.
  const w = await watch(page);
  const target = prerenderPaths().find((p) => p.startsWith("/services/"))!;
  await page.goto("/contact");
  await settle(page);
  const fetched = await page.evaluate(async (url) => {
    const r = await fetch(url);
    return { status: r.status, type: r.headers.get("content-type"), body: await r.text() };
  }, `${target}.data`);
  expect(fetched.status).toBe(200);
  expect(fetched.type).toBe("text/x-script");
  expect(fetched.body).toContain("routes/service-detail");
  await expectClean(page, w);
});

// The proof-of-work challenge (decision 0023) under the site's CSP, unchanged for it: the challenge is
// fetched from the form's service (connect-src names it already), the solver is a same-origin chunk
// (script-src 'self'), and WebCrypto needs no directive; no worker, no WebAssembly, no inline style.
for (const path of ["/contact", "/quote", "/consultation"]) {
  test(`touching the form on ${path} solves its challenge with no CSP violation`, async ({ page }) => {
    const w = await watch(page);
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    const res = await page.goto(path);
    const csp = res?.headers()["content-security-policy"] ?? "";
    expect(csp).not.toMatch(/worker-src|wasm-unsafe-eval|blob:/);
    expect(csp).toMatch(/style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    await settle(page);
    const challenge = page.waitForResponse((r) => new URL(r.url()).pathname === "/challenge");
    await page.getByLabel("Name").first().focus();
    expect((await challenge).status()).toBe(200);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length === 1, SOLVE_MEASURE);
    expect(workers).toEqual([]);
    await expectClean(page, w);
  });
}
