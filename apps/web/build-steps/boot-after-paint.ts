// React Router's boot, run once the page has painted (docs/decisions/0007-paint-first-loading.md).
//
// React Router ends each page with <link rel="modulepreload"> for every chunk in <head> and an inline
// module script that imports the route modules and then, with import(), the client entry (hydration).
// Every chunk is then downloaded while the browser still lays out the page: on a phone network the
// first paint competes with ~110 KB of JavaScript, and Lighthouse counts every request that ends before
// the largest paint in its LCP estimate (LCP 2.0–2.2 s against a budget of 1.8 s). So this step:
//   1. removes the modulepreload links from <head>, but the client entry's (a few hundred bytes, no
//      code of its own beyond hydrateRoot): the entry's import() then needs no request, so a page left
//      while it boots has no import() in flight to reject;
//   2. moves React Router's module script, unchanged, into a <template>, and adds a small classic script
//      that waits for the first paint (paint timing; at once for a hidden page, which does not paint)
//      and then puts a copy of the template's content in its place. The script runs then: the browser
//      fetches its module graph itself, two levels deep (Rollup lists every chunk a route needs among
//      its direct imports), evaluates it and hydrates, exactly as React Router's script would.
//      Hydration passes over the <template> (React skips unexpected tags among <body>'s children) and
//      takes the classic script for React Router's, whose text it never checks.
//   3. holds the first paint until the parser has reached the <template>, i.e. the whole page is
//      parsed (<link rel="expect" blocking="render">, Chromium; other browsers ignore it): these pages
//      parse in a few milliseconds, and the first paint then never shows part of a page that later
//      content could push around, nor leaves parsing to run as long tasks after it.
// Nothing else: no preload link is inserted, no chunk is import()ed by hand, no task is scheduled
// between chunks. WebKit froze pages booted that way (issues 19 and 28).
// A content page (docs/decisions/0022-content-page-islands.md) has no React Router: its module script
// is the islands' script (<script type="module" src>), which goes into the <template> the same way,
// with the page's Speculation Rules before it (bootAfterPaint says why), and there is no modulepreload
// link to remove. Unless one of its islands runs at load (ISLAND_WAKES: the live chat, when built
// in), the template is marked ON_DEMAND, and after the paint the script
// starts the loader only for a visitor who accepted cookies (the real-user speed measurement starts with
// it) or who used the page already, and otherwise at the visitor's first use: a pointer moving over the
// page, a touch, a focus, a key or a scroll (listened for from the script's start); or when an island
// that runs before its use is due (the home page's offer popup, whose code comes 8 s after the page
// started) or near the viewport (the home page's carousel). Not a pointer merely over the page: Chromium
// sends pointerover and a pointermove that moved 0 px to what lies under a resting (or emulated) mouse
// as the page is first laid out, on phones too; so before the paint only a move of some pixels counts,
// after it any pointermove.
// Until the loader runs, each such event is kept for it to replay to the island it reached
// (islands/main.ts), so a tap on the menu button is not lost. A page nobody uses runs no script file.
import {
  EARLY_EVENTS,
  FIRST_USE_EVENTS,
  ISLAND_WAKE_ATTRIBUTE,
  ISLANDS_WAITING,
  NEAR_VIEWPORT_MARGIN,
  PAGE_STARTED_AT,
  STOP_EARLY_EVENTS,
} from "../app/components/island-attributes";
import { COOKIES_ACCEPTED_KEY } from "../app/lib/cookie-consent";
import {
  attribute,
  createElement,
  elementsOf,
  insertAfter,
  insertBefore,
  removeElement,
  setAttribute,
  setText,
  templateOf,
} from "./html-tree";
import { ROUTER_BOOT_ID, type RouterPage } from "./router-page";

/** On a content page's <template> whose islands' loader starts when needed (see above). */
export const ON_DEMAND_ATTRIBUTE = "data-on-demand";

/** A page that never reports a paint still boots after this long. */
export const BOOT_AT_THE_LATEST_MS = 3000;

/** A failed import() is reported this long after it failed, unless the page was left meanwhile. */
export const IMPORT_FAILURE_GRACE_MS = 1000;

/**
 * The message of a failed import() of a module: Chromium's, Firefox's and WebKit's. Loads are cancelled
 * when the visitor leaves a page, so an import() still in flight then (React Router's import() of the
 * client entry on a page left as it boots, a lazy chunk) fails.
 */
const IMPORT_FAILED = /dynamically imported module|Importing a module script failed/;

/**
 * The window property through which React Router's import() of the client entry hands a failure to the
 * classic script. The import() gets this catch because an unhandled rejection in a page being torn down
 * is not always dispatched as an event: Firefox then logs it as an uncaught error even so (2 of 10 runs
 * of the quick-navigation check on a loaded machine).
 */
export const BOOT_FAILED = "__routerBootFailed";

/**
 * The classic script that runs React Router's boot (the module script in the template ROUTER_BOOT_ID)
 * once the page has painted. Paint timing, unlike requestAnimationFrame, is not paused in background
 * tabs nor replaced by the fake clocks of browser tests. A failed import() is reported a moment later,
 * and not at all when the page was being left: that failure is the visitor's navigation, not a fault of
 * the page. It keeps the time it started (PAGE_STARTED_AT): the clock of islands due some time after
 * the load. The same on every page.
 */
export const BOOT_AFTER_PAINT_SCRIPT = `(() => {
  const startedAt = (window.${PAGE_STARTED_AT} = Date.now());
  let leaving = false;
  addEventListener("pagehide", () => (leaving = true));
  const failed = (error) => setTimeout(() => leaving || reportError(error), ${IMPORT_FAILURE_GRACE_MS});
  window.${BOOT_FAILED} = failed;
  addEventListener("unhandledrejection", (event) => {
    if (!${IMPORT_FAILED}.test(String(event.reason?.message))) return;
    event.preventDefault();
    failed(event.reason);
  });
  const template = document.getElementById(${JSON.stringify(ROUTER_BOOT_ID)});
  const boot = () => template.isConnected && template.replaceWith(document.importNode(template.content, true));
  const onDemand = template?.hasAttribute(${JSON.stringify(ON_DEMAND_ATTRIBUTE)});
  let painted = false;
  let used = false;
  if (onDemand) {
    const early = (window.${EARLY_EVENTS} = []);
    const types = ${JSON.stringify([...FIRST_USE_EVENTS, "scroll", "pointermove"])};
    const use = (event) => {
      if (event.type !== "pointermove") early.push(event);
      const moved =
        event.type === "pointermove" ? painted || event.movementX || event.movementY : event.type !== "pointerover";
      if (moved) (used = true), painted && boot();
    };
    for (const type of types) addEventListener(type, use, { capture: true, passive: true });
    window.${STOP_EARLY_EVENTS} = () => types.forEach((type) => removeEventListener(type, use, true));
  }
  const start = () => {
    if (painted || !template) return;
    painted = true;
    if (!onDemand || used) return boot();
    let accepted = false;
    try {
      accepted = localStorage.getItem(${JSON.stringify(COOKIES_ACCEPTED_KEY)}) !== null;
    } catch {}
    if (accepted) return boot();
    for (const root of document.querySelectorAll(${JSON.stringify(`[${ISLAND_WAKE_ATTRIBUTE}]`)})) {
      const wake = root.getAttribute(${JSON.stringify(ISLAND_WAKE_ATTRIBUTE)});
      const content = root.firstElementChild;
      if (wake !== "near") setTimeout(boot, startedAt + Number(wake) - Date.now());
      else if (!content || typeof IntersectionObserver !== "function") return boot();
      else
        new IntersectionObserver(
          (entries, observer) => entries.some((e) => e.isIntersecting) && (observer.disconnect(), boot()),
          { rootMargin: ${JSON.stringify(NEAR_VIEWPORT_MARGIN)} },
        ).observe(content);
    }
    document.documentElement.setAttribute(${JSON.stringify(ISLANDS_WAITING[0])}, ${JSON.stringify(ISLANDS_WAITING[1])});
  };
  if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return start();
  addEventListener("visibilitychange", start, { once: true });
  new PerformanceObserver((_, observer) => (observer.disconnect(), start())).observe({ type: "paint", buffered: true });
  setTimeout(start, ${BOOT_AT_THE_LATEST_MS});
})();`;

/**
 * React Router's boot code with its last statement (router-page.ts checks it), the import() of the client
 * entry, handed to the classic script when it fails.
 */
export const withEntryImportHandled = (code: string, entry: string): string =>
  code.replace(
    /\bimport\("[^"]+"\);\s*$/,
    `import(${JSON.stringify(entry)}).catch((error) => window.${BOOT_FAILED}(error));`,
  );

/**
 * Rewrites the page in place: modulepreload links out of <head> but the client entry's, React Router's
 * module script (its import() of the client entry handled) moved into a <template>, followed by the script that runs it after the first paint, and
 * the first paint held until the <template> is parsed.
 */
export function bootAfterPaint(page: RouterPage): void {
  const { boot } = page;
  const { element } = boot;
  if (boot.kind === "router") {
    setText(element, withEntryImportHandled(boot.code, boot.entry));
    for (const link of page.modulePreloads) if (link.href !== boot.entry) removeElement(link.element);
  }
  const script = createElement("script", {}, BOOT_AFTER_PAINT_SCRIPT);
  insertBefore(element, script);
  const template = templateOf(element, { id: ROUTER_BOOT_ID });
  insertBefore(script, template);
  const atLoad = [...elementsOf(page.document)].some((e) => attribute(e, ISLAND_WAKE_ATTRIBUTE) === "load");
  if (boot.kind === "islands" && !atLoad) setAttribute(template, ON_DEMAND_ATTRIBUTE, "");
  // A content page's Speculation Rules (root.tsx) wait in the same <template>, before the loader, and
  // come with it (for a new visitor, at the first use): in the page, the browser matches every link
  // against them and restyles as it loads. Traced with the CPU slowed 4× (8 loads each), the service
  // page's main-thread work was 465 ms with the rules in the page, 383 without them, 379 with no script:
  // nearly all its scripts cost. They act on a pointer resting on or pressing a link, after a first use,
  // which now adds them. A router page keeps them where they are: React hydrates them.
  const rules = [...elementsOf(page.document)].find((e) => attribute(e, "type") === "speculationrules");
  if (boot.kind === "islands" && rules) {
    removeElement(rules);
    insertBefore(element, rules);
  }
  const expect = createElement("link", { rel: "expect", href: `#${ROUTER_BOOT_ID}`, blocking: "render" });
  insertAfter(page.charset, expect);
}
