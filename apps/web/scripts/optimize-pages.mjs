// Postbuild step: rewrites every prerendered HTML page for a fast first paint on a slow phone:
// the stylesheet inlined (inline-css.mjs) and the JavaScript started after the first paint
// (paint-first.mjs). Runs before static-artifacts.mjs, which hashes the resulting inline code.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { inlineStylesheets, readInlinableCss } from "./inline-css.mjs";
import { paintFirst } from "./paint-first.mjs";

export async function optimizePages(clientDir, files) {
  const css = await readInlinableCss(clientDir, files);
  const pages = files.filter((f) => f.endsWith(".html"));
  for (const file of pages) {
    const abs = path.join(clientDir, file);
    const html = await readFile(abs, "utf8");
    await writeFile(abs, paintFirst(inlineStylesheets(html, css), file));
  }
  return { pages: pages.length, stylesheets: [...css.keys()] };
}
