import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseHtml } from "./html-tree";
import { OutputChangedError } from "./output-changed";
import { readRouterPage } from "./router-page";
import { fixtureBuildDir, readRouterOutput } from "./test-fixture/fixture-build";
import { ROUTER_OUTPUT_DIR } from "./test-fixture/fixture-facts";

// Each check of React Router's output, on the fixture's real prerendered pages changed the way an
// upgrade could change them: the build must fail and say what changed.

const PAGES = ["index.html", "items/first/index.html", "__spa-fallback.html"];

let home = "";
beforeAll(async () => {
  home = await readRouterOutput("index.html");
});

const isBuildFile = (href: string) => existsSync(path.join(fixtureBuildDir(), ROUTER_OUTPUT_DIR, href));
const read = (html: string, file = "index.html") => readRouterPage(parseHtml(html), file, isBuildFile);

/** `home` with `from` replaced by `to`; fails the test if `from` is not there (the fixture changed). */
function changed(from: string | RegExp, to: string): string {
  const out = home.replace(from, to);
  expect(out, `mutation of ${String(from)} did not apply`).not.toBe(home);
  return out;
}

describe("readRouterPage on React Router's output", () => {
  it.each(PAGES)("accepts %s as React Router wrote it and finds its parts", async (file) => {
    const page = read(await readRouterOutput(file), file);
    expect(page.modulePreloads.map((l) => l.href)).toContain(page.boot.code.entry);
    expect(page.stylesheets.map((l) => l.href)).toEqual([expect.stringMatching(/^\/assets\/root-.+\.css$/)]);
    expect(page.charset.attrs).toEqual([{ name: "charset", value: "utf-8" }]);
  });
});

describe("readRouterPage fails the build naming what changed", () => {
  const preload = '<link rel="modulepreload" href="/assets/manifest-';
  const stylesheet = '<link rel="stylesheet" href="/assets/root-';
  const cases: [string, () => string, RegExp][] = [
    [
      "a modulepreload link gains crossorigin",
      () => changed(preload, '<link rel="modulepreload" crossOrigin="" href="/assets/manifest-'),
      /index\.html: <link rel="modulepreload" crossorigin="" href="\/assets\/manifest-.+"> has crossorigin, which the rewrite would drop/,
    ],
    [
      "a modulepreload link gains integrity",
      () => changed(preload, '<link rel="modulepreload" integrity="sha384-abc" href="/assets/manifest-'),
      /has integrity, which the rewrite would drop \(the boot preloads the chunks with plain preload links/,
    ],
    [
      "<meta charSet> changes its value",
      () => changed('<meta charSet="utf-8"/>', '<meta charSet="UTF-8"/>'),
      /<head> should start with <meta charset="utf-8">.+found <meta charset="UTF-8">/,
    ],
    [
      "<meta charSet> moves down <head>",
      () => changed(/<meta charSet="utf-8"\/>(<meta name="viewport"[^>]*>)/, '$1<meta charSet="utf-8"/>'),
      /<head> should start with <meta charset="utf-8">.+found <meta name="viewport"/,
    ],
    [
      "<meta charSet> gains an attribute",
      () => changed('<meta charSet="utf-8"/>', '<meta charSet="utf-8" data-x=""/>'),
      /found <meta charset="utf-8" data-x="">/,
    ],
    [
      "the stylesheet link gains an attribute (React's precedence)",
      () => changed(stylesheet, '<link rel="stylesheet" precedence="default" href="/assets/root-'),
      /<link rel="stylesheet" precedence="default" href=".+"> has precedence, which the rewrite would drop \(the link is disabled/,
    ],
    [
      "<head> already holds a <style>",
      () => changed("</head>", "<style>body{color:red}</style></head>"),
      /<head> already has a <style>: the rewrite expects the stylesheet as a <link> to inline/,
    ],
    [
      "the stylesheet link is gone",
      () => changed(/<link rel="stylesheet"[^>]*>/, ""),
      /no <link rel="stylesheet">: nothing to inline/,
    ],
    [
      "the stylesheet link moves into <body>",
      () => changed(/(<link rel="stylesheet"[^>]*>)([\s\S]*<body>)/, "$2$1"),
      /<link rel="stylesheet" href=".+"> is not in <head>/,
    ],
    [
      "a link points at a file that is not in the build",
      () => changed(/href="\/assets\/home-[^"]+\.js"/, 'href="/assets/home-gone.js"'),
      /<link rel="modulepreload" href="\/assets\/home-gone\.js">: no such file in the build/,
    ],
    [
      "the boot script gains a statement",
      () => changed("\n\nimport(", "\nconsole.log(1);\nimport("),
      /unexpected statement in the boot script: console\.log\(1\);/,
    ],
    [
      "the boot script inlines the route manifest (lazy route discovery)",
      () =>
        changed(
          "  window.__reactRouterRouteModules",
          '  window.__reactRouterManifest = {\n  "a": 1\n};\n  window.__reactRouterRouteModules',
        ),
      /unexpected statement in the boot script: window\.__reactRouterManifest = \{/,
    ],
    [
      "the boot script no longer ends with the entry's import()",
      () => changed(/import\("(\/assets\/entry\.client-[^"]+)"\);/, 'import("$1").then(() => {});'),
      /the boot script no longer ends with import\("…entry\.client….js"\)/,
    ],
    [
      "the boot script's tag loses async",
      () => changed('<script type="module" async="">', '<script type="module">'),
      /the boot script's tag changed: <script type="module"> \(expected <script type="module" async="">\)/,
    ],
    [
      "the boot script imports a chunk that is not preloaded",
      () => changed(/<link rel="modulepreload" href="\/assets\/home-[^"]+"\/>/, ""),
      /the boot script imports \/assets\/home-.+\.js, which has no modulepreload link/,
    ],
    [
      "a second module script appears",
      () => changed("</body>", '<script type="module">import "/assets/x.js";</script></body>'),
      /expected one module script \(React Router's boot script\), found 2/,
    ],
    [
      "an external script appears",
      () => changed("</head>", '<script src="/assets/extra.js"></script></head>'),
      /<script src="\/assets\/extra\.js">: an external script would load before the first paint/,
    ],
    [
      "an element already has the boot script's id",
      () => changed("<main>", '<main id="boot">'),
      /<main id="boot"> has the id "boot" the rewrite gives the boot script/,
    ],
  ];

  it.each(cases)("when %s", (_, mutate, message) => {
    const html = mutate();
    expect(() => read(html)).toThrow(OutputChangedError);
    expect(() => read(html)).toThrow(message);
    expect(() => read(html)).toThrow(/^React Router's output changed: index\.html: /);
  });
});
