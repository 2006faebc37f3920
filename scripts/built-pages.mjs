// What the built site (apps/web/build/client) holds, read from its HTML with a real parser: the
// prerendered pages (Lighthouse CI's routes, lighthouserc.js) and the JS a page loads before it is
// interactive (the first-load JS budget, .size-limit.js).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { init, parse } from "es-module-lexer";
import { DomUtils, parseDocument } from "htmlparser2";

export const clientDir = fileURLToPath(new URL("../apps/web/build/client/", import.meta.url));

/** The parsed HTML of a prerendered route ("/", "/about"); fails with a hint when there is no build. */
function readPage(route, dir) {
  const file = path.join(dir, route, "index.html");
  if (!existsSync(file))
    throw new Error(`${path.relative(process.cwd(), file)} not found: run npm run build first`);
  return parseDocument(readFileSync(file, "utf8"));
}

const isNoindex = (doc) =>
  DomUtils.findAll((e) => e.name === "meta" && e.attribs.name?.toLowerCase() === "robots", doc.children).some(
    (e) => /\bnoindex\b/i.test(e.attribs.content ?? ""),
  );

/**
 * A content page: it loads the islands' script (/assets/islands-….js, in its boot <template>) instead of
 * React Router's (docs/decisions/0022-content-page-islands.md).
 */
const isContentPage = (doc) =>
  DomUtils.findAll((e) => e.name === "script" && e.attribs.type === "module", doc.children).some((e) =>
    /^\/assets\/islands-[^/]+\.js$/.test(e.attribs.src ?? ""),
  );

/**
 * Every prerendered route (each index.html of the build), "/" first, whether it is noindex, and whether
 * it is a content page (no router in the browser).
 */
export function builtPages(dir = clientDir) {
  if (!existsSync(dir)) throw new Error(`${dir} not found: run npm run build first`);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => path.basename(f) === "index.html")
    .map((f) => `/${path.dirname(f).split(path.sep).join("/")}`.replace(/^\/\.$/, "/"))
    .sort((a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b))
    .map((route) => {
      const doc = readPage(route, dir);
      return { route, noindex: isNoindex(doc), content: isContentPage(doc) };
    });
}

/**
 * The JS URLs a page names in its HTML: module script src, modulepreload hrefs, and the "/assets/….js"
 * string literals of its inline module scripts: React Router's boot script names the chunks it imports
 * that way (the build keeps it in a <template> until the first paint; htmlparser2 reads a template's
 * content as its children).
 */
function pageScripts(doc) {
  const urls = [];
  for (const e of DomUtils.findAll((n) => n.name === "script" || n.name === "link", doc.children)) {
    const { type, src, rel, href } = e.attribs;
    if (e.name === "link" && rel?.split(/\s+/).includes("modulepreload") && href) urls.push(href);
    if (e.name !== "script" || type !== "module") continue;
    if (src) urls.push(src);
    else
      for (const m of DomUtils.textContent(e).matchAll(/(["'`])(\/assets\/[^"'`]+\.js)\1/g)) urls.push(m[2]);
  }
  return urls;
}

/**
 * Root-relative URLs of every JS file a page loads before it is interactive: the scripts its HTML names
 * and, transitively, their static imports (`import … from`, `export … from`). Chunks reached only by a
 * dynamic import() load later, on demand, and are not included.
 */
export async function firstLoadScripts(route, dir = clientDir) {
  await init;
  const urls = new Set();
  const queue = pageScripts(readPage(route, dir));
  while (queue.length > 0) {
    const url = queue.shift();
    if (urls.has(url)) continue;
    // Root-relative paths of plain names only: no other origin, and nothing a glob would read differently.
    if (!/^\/[\w./-]+\.js$/.test(url)) throw new Error(`${route} loads ${url}: not a file of the build`);
    urls.add(url);
    const [imports] = parse(readFileSync(path.join(dir, url), "utf8"), url);
    // "static": import … from, import "…", export … from; "reexport-star": export * from. Not "dynamic".
    for (const i of imports)
      if ((i.type === "static" || i.type === "reexport-star") && i.specifier)
        queue.push(new URL(i.specifier, `http://site${url}`).pathname);
  }
  return [...urls];
}
