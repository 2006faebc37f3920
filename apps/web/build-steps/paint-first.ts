// Every prerendered page paints before its JavaScript starts (docs/decisions/0007-paint-first-loading.md).
//
// React Router ends each page with a module script that imports the route modules and then the client
// entry (hydration), and puts <link rel="modulepreload"> for all of them in <head>. On a mid-range phone
// that JavaScript is fetched, compiled and run while the browser is still laying out the page, so the
// first paint waits for work the visitor cannot see. The page is complete HTML with its CSS inlined
// (inline-css.ts), so nothing needs the JavaScript to be shown. This step rewrites each page so that it:
//   1. drops the modulepreload links from <head>, and holds the first paint until the whole document
//      is parsed (<link rel="expect" blocking="render">, a few milliseconds for these small pages);
//   2. waits in the boot script until the browser reports the first paint (paint timing), or goes at
//      once when the page is hidden (background tabs do not paint);
//   3. then requests every chunk at once with fetch() (into the HTTP cache: no waterfall), evaluates
//      the chunks one per task, each once it has arrived, and runs React Router's own boot code, its
//      static imports turned into dynamic ones, in the same order.
// No modulepreload link is added back: WebKit can freeze a page whose script import()s a module it
// has just been told to modulepreload (issue 19). A page left while it boots ends its boot quietly.
// Hydration therefore starts right after the first paint, and no step of the boot is one long task.
import { createElement, insertAfter, removeElement, setAttribute, setText } from "./html-tree";
import type { RouterBoot } from "./router-boot";
import { BOOT_ID, type RouterPage } from "./router-page";

/**
 * Waits until the browser reports the first paint, or not at all for a hidden page (background tabs
 * and speculative prerendering do not paint) or a browser without paint timing; 3 s at most, in case
 * a browser never reports it. Paint timing and MessageChannel, unlike requestAnimationFrame, are not
 * paused in background tabs nor replaced by the fake clocks of browser tests.
 */
const WAIT_FOR_PAINT = `await new Promise((go) => {
  if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return go();
  addEventListener("visibilitychange", go, { once: true });
  new PerformanceObserver((_, observer) => (observer.disconnect(), go())).observe({ type: "paint", buffered: true });
  setTimeout(go, 3000);
});`;

/** Lets the browser handle input and render between two steps of the boot (one task). */
// One channel for every pause: creating a MessageChannel costs the main thread ~0.5 ms (a new pipe
// pair), which across the 10–20 pauses of a boot added up to a 10 ms task of its own.
const PAUSE = `const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
const pause = () => new Promise((go) => (waiting.push(go), channel.port2.postMessage(0)));`;

/** Static imports of a chunk, as root-relative URLs ("/assets/x.js"). */
export type ImportsOf = (href: string) => readonly string[];

/**
 * The chunks in an order where each comes after the chunks it statically imports (depth-first, in
 * the given order otherwise). Importing them one by one in this order evaluates exactly one chunk
 * per import: React Router lists a route module before its imports, so importing it first would
 * evaluate the route and everything it imports in one task.
 */
export function evaluationOrder(chunks: readonly string[], importsOf: ImportsOf = () => []): string[] {
  const listed = new Set(chunks);
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (href: string) => {
    if (seen.has(href)) return;
    seen.add(href);
    for (const dep of importsOf(href)) if (listed.has(dep)) visit(dep);
    ordered.push(href);
  };
  chunks.forEach(visit);
  return ordered;
}

export interface BootOptions {
  /** Wait for the first paint (false for the SPA fallback, which paints nothing before React). */
  waitForPaint: boolean;
  /** Every chunk the page preloads, in React Router's order. */
  chunks: readonly string[];
  importsOf: ImportsOf;
}

/**
 * Ends the boot quietly when the page is being left: its loads are cancelled then, and Firefox rejects
 * the pending import()s ("error loading dynamically imported module"). Any other failure is rethrown;
 * a page being left stops its timers when it goes, so the error is kept back a moment to tell the two
 * apart.
 */
const LEAVING = `let leaving = false;
addEventListener("pagehide", () => (leaving = true));
const unlessLeaving = async (error) => {
  await new Promise((go) => setTimeout(go, 1000));
  if (!leaving) throw error;
};`;

/** The paint-first boot script for React Router's boot `boot`. */
function paintFirstBoot(boot: RouterBoot, { waitForPaint, chunks, importsOf }: BootOptions): string {
  const str = (s: unknown) => JSON.stringify(s);
  const { sideEffectImports, namespaceImports, entry, rest } = boot;
  // React Router's statements before its final import("entry") (checked by readRouterBoot).
  const statements = rest.slice(0, rest.lastIndexOf("import(")).trim();
  return [
    ...(waitForPaint ? [WAIT_FOR_PAINT] : []),
    PAUSE,
    LEAVING,
    "try {",
    // Every chunk requested at once (no waterfall) by preload links. Not modulepreload: WebKit can
    // freeze a page that import()s a module it has just been told to modulepreload (issue 19). A
    // preload with the module's CORS mode is what the import() then takes, in every engine.
    `for (const href of ${str(chunks)}) document.head.append(Object.assign(document.createElement("link"), { rel: "preload", as: "script", crossOrigin: "anonymous", href }));`,
    // Evaluates the chunks one task each, dependencies first, rather than the whole module graph in
    // one long task.
    `for (const href of ${str(evaluationOrder(chunks, importsOf))}) if (href !== ${str(entry)}) { await import(href); await pause(); }`,
    ...sideEffectImports.map((href) => `await import(${str(href)});`),
    `const [${namespaceImports.map((n) => n.name).join(", ")}] = await Promise.all([${namespaceImports
      .map((n) => `import(${str(n.href)})`)
      .join(", ")}]);`,
    statements,
    `await import(${str(entry)});`,
    "} catch (error) {",
    "await unlessLeaving(error);",
    "}",
  ].join("\n");
}

/**
 * Rewrites the page in place: modulepreload links out of <head>, the boot script deferred past the
 * first paint, and (when waiting for it) the first paint held until the boot script is parsed.
 */
export function paintFirst(page: RouterPage, { waitForPaint, importsOf }: Omit<BootOptions, "chunks">): void {
  const chunks = page.modulePreloads.map((link) => link.href);
  for (const link of page.modulePreloads) removeElement(link.element);
  const boot = page.boot.element;
  setAttribute(boot, "id", BOOT_ID);
  setText(boot, paintFirstBoot(page.boot.code, { waitForPaint, chunks, importsOf }));
  if (waitForPaint) {
    // Holds rendering until the parser reaches the boot script, i.e. the whole page is parsed: the first
    // paint shows the complete page instead of a part that later content could push around, and
    // parsing is not left to run in long tasks after it (Chromium; other browsers ignore it).
    const expect = createElement("link", { rel: "expect", href: `#${BOOT_ID}`, blocking: "render" });
    insertAfter(page.charset, expect);
  }
}
