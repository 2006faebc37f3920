import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-css.mjs";
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { readChunkImports } from "./optimize-pages.mjs";
import { evaluationOrder, paintFirst } from "./paint-first.mjs";

/** The shape React Router 7 prerenders: stylesheet and modulepreloads in <head>, boot script last. */
const page = [
  '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/root-abc.css"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/root-3.js"/>',
  '<link rel="modulepreload" href="/assets/home-4.js"/>',
  "</head><body><main><h1>Hello</h1></main>",
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest-1.js";\n',
  'import * as route0 from "/assets/root-3.js";\n',
  'import * as route1 from "/assets/home-4.js";\n',
  '  \n  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n',
  'import("/assets/entry.client-2.js");</script></body></html>',
].join("");

const bootOf = (html: string) =>
  /<script type="module" async=""[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

describe("inlineStylesheets", () => {
  const css = new Map([["/assets/root-abc.css", "body{margin:0}"]]);

  it("keeps the link for hydration but disabled, and inlines its CSS right after it", () => {
    const out = inlineStylesheets(page, css);
    expect(out).toContain(
      '<link rel="stylesheet" href="/assets/root-abc.css" disabled=""/><style>body{margin:0}</style>',
    );
    expect(inlineStylesheets(out, css)).toBe(out);
  });

  it("leaves stylesheets it has no CSS for alone", () => {
    expect(inlineStylesheets(page, new Map())).toBe(page);
  });
});

describe("paintFirst", () => {
  const out = paintFirst(page, "index.html");
  const boot = bootOf(out);

  it("moves the modulepreloads from <head> into the boot script, after the first paint", () => {
    expect(out).not.toMatch(/<link rel="modulepreload"/);
    const wait = boot.indexOf('observe({ type: "paint", buffered: true })');
    const preload = boot.indexOf('rel: "modulepreload"');
    expect(wait).toBeGreaterThan(-1);
    expect(preload).toBeGreaterThan(wait);
    expect(boot).toContain(
      '["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/root-3.js","/assets/home-4.js"]',
    );
  });

  it("runs React Router's boot in the same order with dynamic imports, and is valid module code", async () => {
    expect(boot).not.toMatch(/^import /m);
    const order = [
      'await import("/assets/manifest-1.js");',
      'const [route0, route1] = await Promise.all([import("/assets/root-3.js"), import("/assets/home-4.js")]);',
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
      'import("/assets/entry.client-2.js");',
    ].map((s) => boot.indexOf(s));
    expect(order.every((i) => i > -1)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  /** Runs the boot script with the browser parts faked; returns what it did and a way to paint. */
  function runBoot(visibilityState: "visible" | "hidden", code = boot) {
    const calls: string[] = [];
    const head: unknown[] = [];
    let paint = () => {};
    const timers: { ms: number; callback: () => void }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ["paint", "layout-shift"];
      constructor(private readonly callback: (list: unknown, observer: FakeObserver) => void) {}
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: "paint", buffered: true });
        paint = () => this.callback([], this);
      }
      disconnect() {}
    }
    const channels: FakeChannel[] = [];
    class FakeChannel {
      constructor() {
        channels.push(this);
      }
      port1: { onmessage?: () => void } = {};
      port2 = { postMessage: () => queueMicrotask(() => this.port1.onmessage?.()) };
    }
    const run = new Function(
      "document",
      "addEventListener",
      "PerformanceObserver",
      "MessageChannel",
      "setTimeout",
      "window",
      "__import",
      `return (async () => {${code.replaceAll("import(", "__import(")}})();`,
    ) as (...args: unknown[]) => Promise<void>;
    const done = run(
      { visibilityState, head: { append: (l: unknown) => head.push(l) }, createElement: () => ({}) },
      () => {},
      FakeObserver,
      FakeChannel,
      (callback: () => void, ms: number) => timers.push({ callback, ms }),
      {},
      async (href: string) => {
        calls.push(href);
        return { href };
      },
    );
    return { calls, head, done, timers, channels, paint: () => paint() };
  }

  // Each chunk but the client entry evaluated on its own first, then React Router's boot.
  const chunks = ["/assets/manifest-1.js", "/assets/root-3.js", "/assets/home-4.js"];

  it("waits for the first paint, then preloads every chunk and boots", async () => {
    const { calls, head, done, channels, paint } = runBoot("visible");
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
    expect(head).toEqual([]);
    paint();
    await done;
    expect(head).toHaveLength(4);
    expect(calls).toEqual([...chunks, ...chunks, "/assets/entry.client-2.js"]);
    expect(channels).toHaveLength(1); // every pause reuses one channel (each new one costs a pipe pair)
  });

  it("boots after 3 s at most when no paint is ever reported", async () => {
    const { calls, done, timers } = runBoot("visible");
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([3000]);
    timers[0]?.callback();
    await done;
    expect(calls.at(-1)).toBe("/assets/entry.client-2.js");
  });

  it("boots at once without waiting when told the page paints nothing (the SPA fallback)", async () => {
    const code = bootOf(paintFirst(page, "__spa-fallback.html", { waitForPaint: false }));
    expect(code).not.toContain("PerformanceObserver");
    const { calls, done } = runBoot("visible", code);
    await done;
    expect(calls).toEqual([...chunks, ...chunks, "/assets/entry.client-2.js"]);
  });

  it("boots at once in a hidden tab, which does not paint", async () => {
    const { calls, done } = runBoot("hidden");
    await done;
    expect(calls).toEqual([...chunks, ...chunks, "/assets/entry.client-2.js"]);
  });

  it("holds the first paint until the boot script, the end of the page, is parsed", () => {
    expect(out).toContain('<meta charSet="utf-8"/><link rel="expect" href="#boot" blocking="render"/>');
    expect(out).toContain('<script type="module" async="" id="boot">');
    const fallback = paintFirst(page, "__spa-fallback.html", { waitForPaint: false });
    expect(fallback).not.toContain('rel="expect"');
  });

  it("leaves every other part of the page as it was", () => {
    const strip = (html: string) =>
      html
        .replace(/<link rel="(?:modulepreload|expect)"[^>]*>/g, "")
        .replace(bootOf(html), "")
        .replace(' id="boot"', "");
    expect(strip(out)).toBe(strip(page));
  });

  it("refuses a boot script of another shape instead of breaking the site quietly", () => {
    const changed = page.replace('import("/assets/entry.client-2.js");', 'import { x } from "/y.js";\nx();');
    expect(() => paintFirst(changed, "odd.html")).toThrow(/odd\.html/);
    expect(paintFirst("<html><body>static</body></html>")).toBe("<html><body>static</body></html>");
  });
});

describe("evaluationOrder", () => {
  const graph: Record<string, string[]> = {
    "/assets/contact.js": ["/assets/form.js", "/assets/framework.js"],
    "/assets/form.js": ["/assets/zod.js", "/assets/framework.js"],
    "/assets/zod.js": [],
    "/assets/framework.js": [],
    "/assets/cycle-a.js": ["/assets/cycle-b.js"],
    "/assets/cycle-b.js": ["/assets/cycle-a.js"],
  };
  const importsOf = (href: string) => graph[href] ?? [];

  it("puts every chunk after the chunks it imports, so each import evaluates one chunk", () => {
    // React Router's order: the route module before its imports.
    const listed = ["/assets/framework.js", "/assets/contact.js", "/assets/form.js", "/assets/zod.js"];
    const order = evaluationOrder(listed, importsOf);
    expect(order).toEqual([
      "/assets/framework.js",
      "/assets/zod.js",
      "/assets/form.js",
      "/assets/contact.js",
    ]);
    for (const [i, href] of order.entries()) {
      for (const dep of importsOf(href)) expect(order.indexOf(dep)).toBeLessThan(i);
    }
  });

  it("keeps the given order without imports, ignores chunks not listed, and survives cycles", () => {
    expect(evaluationOrder(["/b.js", "/a.js"])).toEqual(["/b.js", "/a.js"]);
    expect(evaluationOrder(["/assets/form.js"], importsOf)).toEqual(["/assets/form.js"]);
    expect(evaluationOrder(["/assets/cycle-a.js", "/assets/cycle-b.js"], importsOf)).toEqual([
      "/assets/cycle-b.js",
      "/assets/cycle-a.js",
    ]);
  });

  it("is the order of the boot's evaluation loop; the preloads keep React Router's order", () => {
    const listedFirst = {
      "/assets/home-4.js": ["/assets/root-3.js"],
      "/assets/root-3.js": ["/assets/manifest-1.js"],
    };
    const reversed = page.replace(
      /(<link rel="modulepreload" href="\/assets\/manifest-1.js"\/>)([\s\S]*?)(<link rel="modulepreload" href="\/assets\/home-4.js"\/>)/,
      "$3$2$1",
    );
    const boot = bootOf(
      paintFirst(reversed, "index.html", {
        importsOf: (href) => listedFirst[href as keyof typeof listedFirst] ?? [],
      }),
    );
    expect(boot).toContain(
      'const chunks = ["/assets/home-4.js","/assets/entry.client-2.js","/assets/root-3.js","/assets/manifest-1.js"];',
    );
    expect(boot).toContain(
      'for (const href of ["/assets/manifest-1.js","/assets/root-3.js","/assets/home-4.js","/assets/entry.client-2.js"])',
    );
  });
});

describe("readChunkImports", () => {
  it("reads the static imports of each built chunk, not its dynamic imports", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "chunks-"));
    await mkdir(path.join(dir, "assets"));
    await writeFile(
      path.join(dir, "assets", "contact-1.js"),
      'import{j as e}from"./framework-2.js";import"./side-3.js";const l=()=>import("./lazy-4.js");export{l};',
    );
    await writeFile(path.join(dir, "assets", "framework-2.js"), "export const j=1;");
    const importsOf = await readChunkImports(dir);
    expect(importsOf("/assets/contact-1.js")).toEqual(["/assets/framework-2.js", "/assets/side-3.js"]);
    expect(importsOf("/assets/framework-2.js")).toEqual([]);
    expect(importsOf("/assets/unknown.js")).toEqual([]);
  });
});
