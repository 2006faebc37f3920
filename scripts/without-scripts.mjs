// A copy of a web build whose pages have every script taken out: the floor the HTML and CSS set, which
// `npm run perf` measures each page against (its main-thread work may be at most 1.25 times that of the
// same page without scripts, measured in the same run: docs/performance.md). Out go every <script> but
// JSON-LD data blocks (the islands' or React Router's boot, the cookie banner's head script, the
// Speculation Rules), and React Router's modulepreload links. The pages' precompressed copies are
// removed, so the server sends the stripped pages; everything else is copied as it is.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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
    if (/\.html\.(br|gz)$/.test(file)) rmSync(path.join(client, file));
    else if (file.endsWith(".html")) {
      const full = path.join(client, file);
      writeFileSync(full, stripScripts(readFileSync(full, "utf8")));
    }
  }
  return copy;
}
