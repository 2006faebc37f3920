import { beforeAll, describe, expect, it } from "vitest";
import { listClientFiles } from "./client-files";
import { readChunkImports } from "./chunk-imports";
import { attribute, elementsOf, findElement, parseHtml, textOf } from "./html-tree";
import { type ImportsOf, evaluationOrder } from "./paint-first";
import { fixtureClientDir, readBuilt, readRouterOutput } from "./test-fixture/fixture-build";
import { runBoot } from "./test-fixture/run-boot";

// The boot the build wrote into the fixture's pages, run with the browser's parts faked: it must wait
// for the first paint, then preload every chunk React Router preloaded (with plain preload links, not
// modulepreload),
// evaluate them one by one with each chunk after its imports, and then run React Router's own boot.

interface Boot {
  code: string;
  /** React Router's modulepreload hrefs of the page, in order. */
  preloads: string[];
  entry: string;
  routeModules: string[];
}

async function bootOf(file: string): Promise<Boot> {
  const script = [...elementsOf(parseHtml(await readBuilt(file)))].find((e) => attribute(e, "id") === "boot");
  const original = parseHtml(await readRouterOutput(file));
  const preloads = [...elementsOf(original)]
    .filter((e) => e.tagName === "link" && attribute(e, "rel") === "modulepreload")
    .map((e) => attribute(e, "href") ?? "");
  const routerBoot = [...elementsOf(original)].find((e) => attribute(e, "type") === "module");
  const routerCode = routerBoot ? textOf(routerBoot) : "";
  return {
    code: script ? textOf(script) : "",
    preloads,
    entry: /import\("([^"]+)"\);$/.exec(routerCode)?.[1] ?? "",
    routeModules: [...routerCode.matchAll(/import \* as route\d+ from "([^"]+)";/g)].map((m) => m[1] ?? ""),
  };
}

let home: Boot;
let importsOf: ImportsOf;
beforeAll(async () => {
  home = await bootOf("index.html");
  importsOf = await readChunkImports(fixtureClientDir(), await listClientFiles(fixtureClientDir()));
});

describe("the paint-first boot of a prerendered page", () => {
  it("waits for the first paint, then preloads every chunk at once and boots", async () => {
    const { calls, head, done, channels, paint } = runBoot(home.code, "visible");
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
    expect(head).toEqual([]);
    paint();
    await done;
    expect(head.map((l) => l.href)).toEqual(home.preloads);
    // Not modulepreload: WebKit can freeze a page that import()s a module it was just told to
    // modulepreload (issue 19). The CORS mode is the module's, so the import() takes the preload.
    for (const link of head)
      expect(link).toMatchObject({ rel: "preload", as: "script", crossOrigin: "anonymous" });
    // Every chunk but the entry, one import each, then React Router's own imports, the entry last.
    const evaluated = calls.slice(0, home.preloads.length - 1);
    expect(new Set(evaluated)).toEqual(new Set(home.preloads.filter((h) => h !== home.entry)));
    expect(calls.slice(home.preloads.length - 1)).toEqual([
      ...home.preloads.filter((h) => /\/manifest-/.test(h)),
      ...home.routeModules,
      home.entry,
    ]);
    expect(channels).toHaveLength(1); // every pause reuses one channel (each new one costs a pipe pair)
  });

  it("evaluates each chunk after the chunks it imports, so each import evaluates one chunk", async () => {
    const { calls, done, paint } = runBoot(home.code, "visible");
    paint();
    await done;
    const evaluated = calls.slice(0, home.preloads.length - 1);
    for (const [i, href] of evaluated.entries()) {
      for (const dep of importsOf(href)) {
        if (dep !== home.entry) expect(evaluated.indexOf(dep), `${dep} before ${href}`).toBeLessThan(i);
      }
    }
    // The fixture's routes share a chunk (greeting) that the route chunk imports: it comes first.
    const route = home.routeModules.find((h) => /\/home-/.test(h)) ?? "";
    const shared = importsOf(route).find((h) => /\/greeting-/.test(h)) ?? "";
    expect(evaluated.indexOf(shared)).toBeLessThan(evaluated.indexOf(route));
  });

  it("boots after 3 s at most when no paint is ever reported", async () => {
    const { calls, done, timers } = runBoot(home.code, "visible");
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([3000]);
    timers[0]?.callback();
    await done;
    expect(calls.at(-1)).toBe(home.entry);
  });

  it("ends quietly when the page is left while it boots, and rethrows any other failure", async () => {
    const route = home.routeModules.find((h) => /\/home-/.test(h)) ?? "";
    const left = runBoot(home.code, "hidden", route);
    await new Promise((r) => setTimeout(r, 10));
    left.dispatch("pagehide");
    expect(left.timers.map((t) => t.ms)).toEqual([1000]);
    left.timers[0]?.callback();
    await expect(left.done).resolves.toBeUndefined();
    expect(left.calls).not.toContain(home.entry);

    const failed = runBoot(home.code, "hidden", route);
    await new Promise((r) => setTimeout(r, 10));
    failed.timers[0]?.callback();
    await expect(failed.done).rejects.toThrow(`error loading dynamically imported module: ${route}`);
  });

  it("boots at once in a hidden tab, which does not paint", async () => {
    const { calls, done } = runBoot(home.code, "hidden");
    await done;
    expect(calls.at(-1)).toBe(home.entry);
  });

  it("boots at once on the SPA fallback, which paints nothing before React, and does not hold its paint", async () => {
    const fallback = await bootOf("__spa-fallback.html");
    expect(fallback.code).not.toContain("PerformanceObserver");
    const { calls, done } = runBoot(fallback.code, "visible");
    await done;
    expect(calls.at(-1)).toBe(fallback.entry);
    const head = findElement(parseHtml(await readBuilt("__spa-fallback.html")), "head");
    expect(head && [...elementsOf(head)].some((e) => attribute(e, "rel") === "expect")).toBe(false);
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
  const graphImports = (href: string) => graph[href] ?? [];

  it("puts every chunk after the chunks it imports, React Router listing a route before its imports", () => {
    const listed = ["/assets/framework.js", "/assets/contact.js", "/assets/form.js", "/assets/zod.js"];
    expect(evaluationOrder(listed, graphImports)).toEqual([
      "/assets/framework.js",
      "/assets/zod.js",
      "/assets/form.js",
      "/assets/contact.js",
    ]);
  });

  it("keeps the given order without imports, ignores chunks not listed, and survives cycles", () => {
    expect(evaluationOrder(["/b.js", "/a.js"])).toEqual(["/b.js", "/a.js"]);
    expect(evaluationOrder(["/assets/form.js"], graphImports)).toEqual(["/assets/form.js"]);
    expect(evaluationOrder(["/assets/cycle-a.js", "/assets/cycle-b.js"], graphImports)).toEqual([
      "/assets/cycle-b.js",
      "/assets/cycle-a.js",
    ]);
  });
});
