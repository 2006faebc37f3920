// Rewrites every prerendered page for a first paint that needs nothing but the HTML: each page is parsed
// once, checked (router-page.ts) and its stylesheet inlined (inline-css.ts); the inline scripts and
// styles of the result are hashed for its CSP before the page is serialised and written back. The boot
// (React Router's modulepreload links and module script) is left exactly as React Router wrote it
// (docs/decisions/0007-paint-first-loading.md).
import type { PageHashes } from "@site/site-policy";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
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
    inlineStylesheets(
      readRouterPage(document, file, (href) => buildFiles.has(href)),
      css,
    );
    hashes[file] = inlineHashes(document);
    await writeFile(abs, serializeHtml(document));
  }
  return hashes;
}
