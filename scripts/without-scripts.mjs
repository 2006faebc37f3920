// A copy of a web build whose pages have every script taken out: the floor the HTML and CSS set, which
// `npm run perf` measures each page against (its main-thread work may be at most 1.25 times that of the
// same page without scripts, measured in the same run: docs/performance.md). Out go every <script> but
// JSON-LD data blocks (the islands' or React Router's boot, the cookie banner's head script, the
// Speculation Rules), and React Router's modulepreload links. The pages' precompressed copies are made
// again from the stripped pages, so the server sends them as it sends the real ones (brotli to a
// browser); everything else is copied as it is.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { DomUtils, parseDocument } from "htmlparser2";

/** The page's HTML without its scripts: each removed element cut out of the text as it was written. */
export function stripScripts(html) {
  const doc = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const cuts = DomUtils.findAll(
    (e) =>
      (e.name === "script" && e.attribs.type !== "application/ld+json") ||
      (e.name === "link" && e.attribs.rel?.split(/\s+/).includes("modulepreload")),
    doc.children,
  )
    // A script inside a <template> goes with it only if the template itself is not cut: never here.
    .map((e) => [e.startIndex, e.endIndex + 1])
    .sort((a, b) => b[0] - a[0]);
  let out = html;
  for (const [start, end] of cuts) out = out.slice(0, start) + out.slice(end);
  return out;
}

/** Copies `buildDir` (an apps/web/build folder) to a new temporary folder, its pages stripped. */
export function buildWithoutScripts(buildDir) {
  const copy = mkdtempSync(path.join(tmpdir(), "site-without-scripts-"));
  cpSync(buildDir, copy, { recursive: true });
  const client = path.join(copy, "client");
  for (const file of readdirSync(client, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".html")) continue;
    const full = path.join(client, file);
    const html = stripScripts(readFileSync(full, "utf8"));
    writeFileSync(full, html);
    if (existsSync(`${full}.br`)) writeFileSync(`${full}.br`, brotliCompressSync(html));
    if (existsSync(`${full}.gz`)) writeFileSync(`${full}.gz`, gzipSync(html));
  }
  return copy;
}
