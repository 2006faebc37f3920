// Rewrites every prerendered page for a fast first paint on a slow phone: each page is parsed once,
// checked (router-page.ts), its stylesheet inlined (inline-css.ts) and React Router's boot run after the
// first paint (boot-after-paint.ts); the inline scripts and styles of the result are hashed for its CSP
// before the page is serialised and written back (docs/decisions/0007-paint-first-loading.md).
import type { PageHashes } from "@site/site-policy";
import { SPA_FALLBACK_FILE } from "@site/site-policy";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { bootAfterPaint } from "./boot-after-paint";
import { parseHtml, serializeHtml } from "./html-tree";
import { inlineStylesheets, readStylesheets } from "./inline-css";
import { inlineHashes } from "./page-hashes";
import { readRouterPage } from "./router-page";

/** Rewrites the HTML files among `files` (paths relative to clientDir); returns each page's hashes. */
export async function rewritePages(
  clientDir: string,
  files: readonly string[],
): Promise<Record<string, PageHashes>> {
  const css = await readStylesheets(clientDir, files);
  const buildFiles = new Set(files.map((f) => `/${f}`));
  const hashes: Record<string, PageHashes> = {};
  for (const file of files.filter((f) => f.endsWith(".html"))) {
    const abs = path.join(clientDir, file);
    const document = parseHtml(await readFile(abs, "utf8"));
    const page = readRouterPage(document, file, (href) => buildFiles.has(href));
    inlineStylesheets(page, css);
    // The SPA fallback paints nothing until React renders the route: it boots as React Router wrote it.
    if (file !== SPA_FALLBACK_FILE) bootAfterPaint(page);
    hashes[file] = inlineHashes(document);
    await writeFile(abs, serializeHtml(document));
  }
  return hashes;
}
