// Postbuild step: inline the site's stylesheet into every prerendered HTML page, so the first paint
// needs nothing but the HTML (no render-blocking request on a slow mobile connection).
//
// Each `<link rel="stylesheet" href="/assets/….css">` becomes
//   <link rel="stylesheet" href="/assets/….css" disabled=""/><style>…the file's CSS…</style>
// The link stays so React hydrates the <Links/> it rendered (React matches a head <link> by rel and
// href and never touches attributes it did not render); `disabled` keeps the browser from fetching or
// applying it. The <style> is skipped by hydration (React 19 passes over unexpected tags in <head>)
// and kept by it. Its hash goes into the page's CSP (static-artifacts.mjs), so style-src stays
// without 'unsafe-inline'. Client-side navigation keeps the same <link> element, so every route stays
// styled by the inlined CSS.
import { readFile } from "node:fs/promises";
import path from "node:path";

/** Stylesheets above this size stay external: inlining would delay the HTML more than it saves. */
export const MAX_INLINE_CSS_BYTES = 64 * 1024;

const STYLESHEET_LINK =
  /<link\b(?=[^>]*\brel="stylesheet")(?=[^>]*\bhref="(\/assets\/[^"]+\.css)")[^>]*?\/?>/g;

/** The page with each same-origin build stylesheet inlined; `css` maps href → CSS text. */
export function inlineStylesheets(html, css) {
  return html.replace(STYLESHEET_LINK, (link, href) => {
    const text = css.get(href);
    if (text === undefined || /disabled/.test(link)) return link;
    const disabled = link.replace(/\s*\/?>$/, ' disabled=""/>');
    return `${disabled}<style>${text}</style>`;
  });
}

/** The build's stylesheets that can be inlined, as href → CSS text. */
export async function readInlinableCss(clientDir, files) {
  const css = new Map();
  for (const file of files.filter((f) => f.startsWith("assets/") && f.endsWith(".css"))) {
    const text = await readFile(path.join(clientDir, file), "utf8");
    // A stray "</style" would end the element early; a huge file would slow every page.
    if (/<\/style/i.test(text) || Buffer.byteLength(text) > MAX_INLINE_CSS_BYTES) continue;
    css.set(`/${file}`, text.replace(/\n\/\*# sourceMappingURL=[^*]*\*\/\s*$/, ""));
  }
  return css;
}
