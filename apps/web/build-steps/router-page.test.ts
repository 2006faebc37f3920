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
    expect(page.stylesheets.map((l) => l.href)).toEqual([expect.stringMatching(/^\/assets\/root-.+\.css$/)]);
    if (page.boot.kind !== "router") throw new Error("expected React Router's boot");
    expect(page.boot.entry).toMatch(/^\/assets\/entry\.client-.+\.js$/);
    expect(page.boot.code).toMatch(/^import "\/assets\/manifest-.+\.js";\n/);
    expect(page.modulePreloads.map((l) => l.href)).toContain(page.boot.entry);
    expect(page.charset.attrs).toEqual([{ name: "charset", value: "utf-8" }]);
  });
});

/**
 * `home` as root.tsx renders a content page: no modulepreload links, and the islands' script (here a
 * file of the fixture's build) where React Router's boot script was.
 */
function islandsPage(tag = (src: string) => `<script type="module" src="${src}"></script>`): string {
  const src = /href="(\/assets\/home-[^"]+\.js)"/.exec(home)?.[1];
  expect(src, "the fixture's home page names its route chunk").toBeDefined();
  return changed(/<link rel="modulepreload"[^>]*>/g, "").replace(
    /<script type="module" async="">[\s\S]*?<\/script>/,
    tag(src!),
  );
}

describe("readRouterPage on a content page (the islands' script instead of React Router's)", () => {
  it("finds the islands' script", () => {
    const page = read(islandsPage());
    expect(page.boot).toMatchObject({
      kind: "islands",
      src: expect.stringMatching(/^\/assets\/home-.+\.js$/),
    });
    expect(page.modulePreloads).toEqual([]);
  });

  it.each([
    ["gains an attribute", (src: string) => `<script type="module" src="${src}" async=""></script>`],
    ["names a file the build does not have", () => '<script type="module" src="/assets/gone.js"></script>'],
  ])("fails when the islands' script %s", (_, tag) => {
    expect(() => read(islandsPage(tag))).toThrow(/expected the islands' script, <script type="module" src=/);
  });

  it("fails when React Router's modulepreload links come with it", () => {
    const html = islandsPage().replace(
      "</head>",
      `<link rel="modulepreload" href="${/href="(\/assets\/home-[^"]+\.js)"/.exec(home)?.[1]}"/></head>`,
    );
    expect(() => read(html)).toThrow(
      /a page with the islands' script has React Router's modulepreload links too/,
    );
  });
});

describe("readRouterPage fails the build naming what changed", () => {
  const stylesheet = '<link rel="stylesheet" href="/assets/root-';
  const preload = '<link rel="modulepreload" href="/assets/manifest-';
  const cases: [string, () => string, RegExp][] = [
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
      "a modulepreload link gains crossorigin",
      () => changed(preload, '<link rel="modulepreload" crossOrigin="" href="/assets/manifest-'),
      /<link rel="modulepreload" crossorigin="" href="\/assets\/manifest-.+"> has crossorigin, which the build would drop \(the link is removed/,
    ],
    [
      "a modulepreload link points at a file that is not in the build",
      () => changed(/href="\/assets\/home-[^"]+\.js"/, 'href="/assets/home-gone.js"'),
      /<link rel="modulepreload" href="\/assets\/home-gone\.js">: no such file in the build/,
    ],
    [
      "the client entry loses its modulepreload link",
      () => changed(/<link rel="modulepreload" href="\/assets\/entry\.client-[^"]+"\/>/, ""),
      /the client entry \/assets\/entry\.client-.+\.js has no modulepreload link/,
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
      "the boot script's tag gains a nonce",
      () => changed('<script type="module" async="">', '<script type="module" async="" nonce="x">'),
      /the boot script's tag changed: <script type="module" async="" nonce="x">/,
    ],
    [
      "a second module script appears",
      () => changed("</body>", '<script type="module">import "/assets/x.js";</script></body>'),
      /expected one module script \(React Router's boot or the islands'\), found 2/,
    ],
    [
      "the stylesheet link gains an attribute (React's precedence)",
      () => changed(stylesheet, '<link rel="stylesheet" precedence="default" href="/assets/root-'),
      /<link rel="stylesheet" precedence="default" href=".+"> has precedence, which the build would drop \(the link is disabled/,
    ],
    [
      "the stylesheet link gains a second rel",
      () => changed(stylesheet, '<link rel="stylesheet preload" href="/assets/root-'),
      /<link rel="stylesheet preload" href=".+">: rel is not just "stylesheet"/,
    ],
    [
      "<head> already holds a <style>",
      () => changed("</head>", "<style>body{color:red}</style></head>"),
      /<head> already has a <style>: the build expects the stylesheet as a <link> to inline/,
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
      "the stylesheet is no longer a file under /assets/",
      () => changed(/href="\/assets\/(root-[^"]+\.css)"/, 'href="/$1"'),
      /<link rel="stylesheet" href="\/root-.+\.css">: expected an href matching/,
    ],
    [
      "the stylesheet link points at a file that is not in the build",
      () => changed(/href="\/assets\/root-[^"]+\.css"/, 'href="/assets/root-gone.css"'),
      /<link rel="stylesheet" href="\/assets\/root-gone\.css">: no such file in the build/,
    ],
  ];

  it.each(cases)("when %s", (_, mutate, message) => {
    const html = mutate();
    expect(() => read(html)).toThrow(OutputChangedError);
    expect(() => read(html)).toThrow(message);
    expect(() => read(html)).toThrow(/^React Router's output changed: index\.html: /);
  });
});
