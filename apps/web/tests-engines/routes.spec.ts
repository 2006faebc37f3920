/**
 * Every prerendered route, plus an unknown service and an unknown product, as a first-time visitor
 * sees it (cookie banner showing) at 375 px and 1280 px. One sweep per width loads each page once
 * and records what the checks below look at.
 */
import { notFoundPath, prerenderPaths } from "../app/lib/site-paths";
import type { EngineBrowser, PageErrors } from "./driver/driver";
import { expect, test } from "./fixtures";
import { Tab } from "./tab";
import { baseURL } from "../tests/support/e2e-env";

const unknownService = "/services/no-such-service";
const unknownProduct = "/products/no-such-product";
const paths = [...prerenderPaths(), unknownService, unknownProduct];

/** Pages answered with HTTP 404 on purpose: the 404 page and the detail pages of unknown ids. */
const notFound = new Set([notFoundPath, unknownService, unknownProduct]);

/**
 * Chromium reports the 404 status of the document itself as a console error; on these pages that
 * status is the right answer, not a fault of the page. Any other failed load still counts.
 */
const isOwn404 = (path: string, message: string) =>
  notFound.has(path) &&
  message ===
    `Failed to load resource: the server responded with a status of 404 (Not Found) (${baseURL}${path})`;

interface PageFacts {
  hydrated: boolean;
  /** Nothing on the page was aria-busy within 10 s of hydrating. */
  settled: boolean;
  /** Horizontal overflow: the page is wider than the viewport, and the elements that stick out. */
  overflow: { scrollWidth: number; clientWidth: number; sticking: string[] };
  h1: { count: number; text: string; problem: string | null };
}

/** Runs in the page. */
function pageFacts(): Omit<PageFacts, "hydrated" | "settled"> {
  const root = document.documentElement;
  const clientWidth = root.clientWidth;
  const clipped = (el: Element) => {
    for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== "visible") return true;
    }
    return false;
  };
  const sticking = Array.from(document.body.querySelectorAll("*"))
    .filter((el) => el.getBoundingClientRect().right > clientWidth + 0.5 && !clipped(el))
    .slice(0, 3)
    .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`);

  const h1s = Array.from(document.querySelectorAll("h1"));
  const h1 = h1s[0];
  let problem: string | null = null;
  if (!h1) problem = "no h1";
  else {
    const r = h1.getBoundingClientRect();
    const style = getComputedStyle(h1);
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
    if (r.width === 0 || r.height === 0) problem = "h1 has no size";
    else if (style.visibility !== "visible" || Number(style.opacity) === 0) problem = "h1 is invisible";
    else if (r.left < 0 || r.right > clientWidth + 0.5) problem = `h1 sticks out (${r.left}..${r.right})`;
    else if (r.top < 0 || r.top >= window.innerHeight)
      problem = `h1 is not on the first screen (top ${r.top})`;
    else if (!top || !(top === h1 || h1.contains(top))) problem = `h1 is covered by <${top?.tagName}>`;
  }
  return {
    overflow: { scrollWidth: root.scrollWidth, clientWidth, sticking },
    h1: { count: h1s.length, text: h1?.textContent?.trim() ?? "", problem },
  };
}

const newErrors = (path: string, before: PageErrors, after: PageErrors): PageErrors => ({
  console: after.console.slice(before.console.length).filter((message) => !isOwn404(path, message)),
  uncaught: after.uncaught.slice(before.uncaught.length),
});

async function sweep(browser: EngineBrowser, width: number, height: number) {
  const tab = new Tab(await browser.newTab(), browser.name, baseURL);
  await tab.setViewport(width, height);
  const facts = new Map<string, PageFacts & { errors: PageErrors }>();
  for (const path of paths) {
    const before = await tab.errors();
    await tab.goto(path);
    const hydrated = await tab
      .waitForHydration(10_000)
      .then(() => true)
      .catch(() => false);
    // Left only once it has what it loads (nothing aria-busy: /consultation's free slots). Leaving cancels a
    // request still awaited, and WebKit reports a cancelled cross-origin fetch as a script error ("Fetch
    // API cannot load … due to access control checks") among the next page's: /login's, in a CI run.
    const settled = await tab
      .waitFor(() => !document.querySelector('[aria-busy="true"]'), [], { timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    const seen = await tab.run(pageFacts);
    const errors = newErrors(path, before, await tab.errors());
    facts.set(path, { hydrated, settled, ...seen, errors });
  }
  await tab.driver.close();
  return facts;
}

/** The routes whose facts fail `problem` (which returns a description, or null when all is well). */
function failing<T>(facts: Map<string, T>, problem: (f: T) => string | null) {
  return [...facts].flatMap(([path, f]) => {
    const p = problem(f);
    return p === null ? [] : [`${path}: ${p}`];
  });
}

for (const [width, height] of [
  [375, 812],
  [1280, 800],
] as const) {
  test.describe(`every route at ${width} px`, () => {
    // In order, in one worker: the checks read the sweep of beforeAll; a failure does not skip the rest.
    test.describe.configure({ mode: "default" });
    let facts: Awaited<ReturnType<typeof sweep>>;

    test.beforeAll(async ({ engine }) => {
      test.setTimeout(180_000);
      facts = await sweep(await engine.get(), width, height);
    });

    test("hydrates", () => {
      expect(failing(facts, (f) => (f.hydrated ? null : "not hydrated within 10 s"))).toEqual([]);
    });

    test("loads what it waits for", () => {
      expect(failing(facts, (f) => (f.settled ? null : "still aria-busy 10 s after hydrating"))).toEqual([]);
    });

    test("has no uncaught error", () => {
      expect(failing(facts, (f) => f.errors.uncaught.join(" | ") || null)).toEqual([]);
    });

    test("has no console error", () => {
      expect(failing(facts, (f) => f.errors.console.join(" | ") || null)).toEqual([]);
    });

    test("has no horizontal overflow", () => {
      expect(
        failing(facts, ({ overflow: o }) =>
          o.scrollWidth > o.clientWidth
            ? `${o.scrollWidth} > ${o.clientWidth} px: ${o.sticking.join(", ")}`
            : null,
        ),
      ).toEqual([]);
    });

    test("shows one h1 on the first screen", () => {
      expect(failing(facts, ({ h1 }) => (h1.count !== 1 ? `${h1.count} h1 elements` : h1.problem))).toEqual(
        [],
      );
    });

    test("says so for an unknown service or product", () => {
      expect(facts.get(unknownService)?.h1.text).toBe("Service not found.");
      expect(facts.get(unknownProduct)?.h1.text).toBe("Product not found");
    });
  });
}
