// Postbuild step: every prerendered page paints before its JavaScript starts.
//
// React Router ends each page with a module script that imports the route modules and then the
// client entry (hydration), and it puts <link rel="modulepreload"> for all of them in <head>. On a
// mid-range phone that JavaScript (React alone is ~60 KB gzip) is fetched, compiled and run while
// the browser is still laying out the page, so the first paint waits for work the visitor cannot
// see. The page is complete HTML with its CSS inlined (inline-css.mjs), so nothing needs the
// JavaScript to be shown. This step rewrites each page so that it:
//   1. drops the modulepreload links from <head>, and holds the first paint until the whole document
//      is parsed (<link rel="expect" blocking="render">, a few milliseconds for these small pages);
//   2. waits in the boot script until the browser reports the first paint (paint timing), or goes at
//      once when the page is hidden (background tabs do not paint);
//   3. then adds the same modulepreload links (all chunks fetched in parallel, no waterfall),
//      evaluates the chunks one per task, and runs React Router's own boot code, its static imports
//      turned into dynamic ones, in the same order.
// Hydration therefore starts right after the first paint, and no step of the boot is one long
// task (a phone stays responsive to input while it boots). The rewritten script is hashed into
// the page's CSP by static-artifacts.mjs like any inline script.

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const BOOT = /<script type="module" async="">([^<]*window\.__reactRouterRouteModules[^<]*)<\/script>/;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";\s*$/gm;
const NAMESPACE_IMPORT = /^import \* as (\w+) from "([^"]+)";\s*$/gm;

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

/** id of the rewritten boot script, the last element of <body>. */
const BOOT_ID = "boot";

/**
 * Holds rendering until the parser reaches the boot script, i.e. the whole page is parsed: the first
 * paint shows the complete page instead of a part that later content could push around, and parsing
 * is not left to run in long tasks after it (Chromium; other browsers ignore it).
 */
const RENDER_BLOCKING_UNTIL_BOOT = `<link rel="expect" href="#${BOOT_ID}" blocking="render"/>`;

/** Lets the browser handle input and render between two steps of the boot (one task). */
// One channel for every pause: creating a MessageChannel costs the main thread ~0.5 ms (a new pipe
// pair), which across the 10–20 pauses of a boot added up to a 10 ms task of its own.
const PAUSE = `const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
const pause = () => new Promise((go) => (waiting.push(go), channel.port2.postMessage(0)));`;

/**
 * The chunks in an order where each comes after the chunks it statically imports (depth-first, in
 * the given order otherwise). Importing them one by one in this order evaluates exactly one chunk
 * per import: React Router lists a route module before its imports, so importing it first would
 * evaluate the route and everything it imports in one task.
 */
export function evaluationOrder(chunks, importsOf = () => []) {
  const listed = new Set(chunks);
  const ordered = [];
  const seen = new Set();
  const visit = (href) => {
    if (seen.has(href)) return;
    seen.add(href);
    for (const dep of importsOf(href)) if (listed.has(dep)) visit(dep);
    ordered.push(href);
  };
  chunks.forEach(visit);
  return ordered;
}

/**
 * The page with its boot deferred past the first paint; throws when React Router's markup changed.
 * `waitForPaint: false` (the SPA fallback, whose body is empty until React renders it) boots at once
 * but keeps the rest: preloads and evaluation in small tasks.
 */
export function paintFirst(html, file = "page", { waitForPaint = true, importsOf } = {}) {
  const boot = BOOT.exec(html);
  if (!boot) {
    if (!/<script type="module"/.test(html)) return html; // a page without client JS
    throw new Error(`paint-first: ${file}: React Router's boot script has an unexpected shape`);
  }
  const code = boot[1];
  const sideEffects = [...code.matchAll(SIDE_EFFECT_IMPORT)].map((m) => m[1]);
  const namespaces = [...code.matchAll(NAMESPACE_IMPORT)].map((m) => ({ name: m[1], href: m[2] }));
  const rest = code.replace(SIDE_EFFECT_IMPORT, "").replace(NAMESPACE_IMPORT, "").trim();
  if (/^\s*import\s/m.test(rest) || !/\bimport\("[^"]+"\);?$/.test(rest)) {
    throw new Error(`paint-first: ${file}: unexpected statements in React Router's boot script`);
  }
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]);
  const entry = /\bimport\("([^"]+)"\);?$/.exec(rest)?.[1];
  const str = (s) => JSON.stringify(s);
  const rewritten = [
    ...(waitForPaint ? [WAIT_FOR_PAINT] : []),
    PAUSE,
    `const chunks = ${str(preloads)};`,
    `for (const href of chunks) {`,
    `  document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `  await pause();`,
    `}`,
    // Evaluates the chunks one task each, dependencies first, rather than the whole module graph in
    // one long task.
    `for (const href of ${str(evaluationOrder(preloads, importsOf))}) if (href !== ${str(entry)}) { await import(href); await pause(); }`,
    ...sideEffects.map((href) => `await import(${str(href)});`),
    `const [${namespaces.map((n) => n.name).join(", ")}] = await Promise.all([${namespaces
      .map((n) => `import(${str(n.href)})`)
      .join(", ")}]);`,
    rest,
  ].join("\n");
  const out = html
    .replace(MODULEPRELOAD, "")
    .replace(boot[0], () => `<script type="module" async="" id="${BOOT_ID}">${rewritten}</script>`);
  // The whole document in the first paint (see RENDER_BLOCKING_UNTIL_BOOT).
  return waitForPaint
    ? out.replace(/<meta charSet="utf-8"\/>/i, (meta) => `${meta}${RENDER_BLOCKING_UNTIL_BOOT}`)
    : out;
}
