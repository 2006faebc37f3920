// The site's stylesheet, inlined into every prerendered page so that the first paint needs nothing but
// the HTML (no render-blocking request on a slow mobile connection).
//
// Each <link rel="stylesheet" href="/assets/….css"> becomes
//   <link rel="stylesheet" href="/assets/….css" disabled=""><style>…the file's CSS…</style>
// The link stays so React hydrates the <Links/> it rendered (React matches a head <link> by rel and
// href and never touches attributes it did not render); `disabled` keeps the browser from fetching or
// applying it. The <style> is skipped by hydration (React 19 passes over unexpected tags in <head>)
// and kept by it. Its hash goes into the page's CSP, so style-src stays without 'unsafe-inline'.
// Client-side navigation keeps the same <link> element, so every route stays styled by the inlined CSS.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createElement, insertAfter, setAttribute } from "./html-tree";
import { expectOutput } from "./output-changed";
import type { RouterPage } from "./router-page";

/** Above this size a stylesheet would delay every page more than its request costs: the build fails. */
export const MAX_INLINE_CSS_BYTES = 64 * 1024;

/** The build's stylesheets (assets/*.css) by root-relative URL, without their source-map comment. */
export async function readStylesheets(
  clientDir: string,
  files: readonly string[],
): Promise<Map<string, string>> {
  const css = new Map<string, string>();
  for (const file of files.filter((f) => f.startsWith("assets/") && f.endsWith(".css"))) {
    const text = await readFile(path.join(clientDir, file), "utf8");
    css.set(`/${file}`, text.replace(/\n\/\*# sourceMappingURL=[^*]*\*\/\s*$/, ""));
  }
  return css;
}

/** Inlines each stylesheet of the page after its link, which stays, disabled. */
export function inlineStylesheets(page: RouterPage, css: ReadonlyMap<string, string>): void {
  for (const { element, href } of page.stylesheets) {
    const text = css.get(href);
    expectOutput(text !== undefined, page.file, () => `${href} is not a stylesheet of this build`);
    // A "</style" in the CSS would end the element early.
    if (/<\/style/i.test(text)) throw new Error(`${href} contains "</style" and cannot be inlined`);
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_INLINE_CSS_BYTES) {
      throw new Error(
        `${href} is ${bytes} bytes, over the ${MAX_INLINE_CSS_BYTES}-byte limit for inlining into every ` +
          `page: shrink it, or decide to load it as a render-blocking file (docs/decisions/0007-paint-first-loading.md)`,
      );
    }
    setAttribute(element, "disabled", "");
    insertAfter(element, createElement("style", {}, text));
  }
}
