import { describe, expect, it } from "vitest";
import { parseHtml, serializeHtml } from "./html-tree";
import { MAX_INLINE_CSS_BYTES, inlineStylesheets, readStylesheets } from "./inline-css";
import { readRouterPage } from "./router-page";
import { listClientFiles } from "./client-files";
import { fixtureBuildDir, readRouterOutput } from "./test-fixture/fixture-build";
import { ROUTER_OUTPUT_DIR } from "./test-fixture/fixture-facts";
import path from "node:path";

/** The fixture's home page as React Router wrote it, read into its parts. */
async function homePage() {
  const page = readRouterPage(parseHtml(await readRouterOutput("index.html")), "index.html", () => true);
  const href = page.stylesheets[0]?.href ?? "";
  return { page, href };
}

describe("inlineStylesheets", () => {
  it("keeps the link, disabled, and puts the file's CSS right after it", async () => {
    const routerOutput = path.join(fixtureBuildDir(), ROUTER_OUTPUT_DIR);
    const css = await readStylesheets(routerOutput, await listClientFiles(routerOutput));
    const { page, href } = await homePage();
    inlineStylesheets(page, css);
    expect(serializeHtml(page.document)).toContain(
      `<link rel="stylesheet" href="${href}" disabled=""><style>${css.get(href)}</style>`,
    );
    expect(css.get(href)).toMatch(/^body\{margin:0;/);
  });

  it("fails for a stylesheet the build does not have", async () => {
    const { page } = await homePage();
    expect(() => inlineStylesheets(page, new Map())).toThrow(
      /React Router's output changed: index\.html: \/assets\/root-.+\.css is not a stylesheet of this build/,
    );
  });

  it("fails rather than inline CSS that would end the <style> early", async () => {
    const { page, href } = await homePage();
    const css = new Map([[href, 'a::after{content:"</style>"}']]);
    expect(() => inlineStylesheets(page, css)).toThrow(`${href} contains "</style" and cannot be inlined`);
  });

  it("fails rather than inline a stylesheet too big to repeat in every page", async () => {
    const { page, href } = await homePage();
    const css = new Map([[href, `a{color:red}${" ".repeat(MAX_INLINE_CSS_BYTES)}`]]);
    expect(() => inlineStylesheets(page, css)).toThrow(
      new RegExp(`${href} is ${MAX_INLINE_CSS_BYTES + 12} bytes, over the 65536-byte limit`),
    );
  });
});
