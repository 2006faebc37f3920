// What the built site (apps/web/build/client) holds, read from its HTML with a real parser: the
// prerendered pages (Lighthouse CI's routes, lighthouserc.js) and the scripts a page names (the
// first-load JS budget, .size-limit.js).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DomUtils, parseDocument } from "htmlparser2";

export const clientDir = fileURLToPath(new URL("../apps/web/build/client/", import.meta.url));

/** The parsed HTML of a prerendered route ("/", "/about"); fails with a hint when there is no build. */
export function readPage(route) {
  const file = path.join(clientDir, route, "index.html");
  if (!existsSync(file))
    throw new Error(`${path.relative(process.cwd(), file)} not found: run npm run build first`);
  return parseDocument(readFileSync(file, "utf8"));
}

const isNoindex = (doc) =>
  DomUtils.findAll((e) => e.name === "meta" && e.attribs.name?.toLowerCase() === "robots", doc.children).some(
    (e) => /\bnoindex\b/i.test(e.attribs.content ?? ""),
  );

/** Every prerendered route (each index.html of the build), "/" first, and whether it is noindex. */
export function builtPages() {
  if (!existsSync(clientDir)) throw new Error("apps/web/build/client not found: run npm run build first");
  return readdirSync(clientDir, { recursive: true, encoding: "utf8" })
    .filter((f) => path.basename(f) === "index.html")
    .map((f) => `/${path.dirname(f).split(path.sep).join("/")}`.replace(/^\/\.$/, "/"))
    .sort((a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b))
    .map((route) => ({ route, noindex: isNoindex(readPage(route)) }));
}

/**
 * The JS URLs a page names in its HTML: module script src, modulepreload hrefs, and the "/assets/….js"
 * string literals of its inline module scripts (the boot script names every chunk it loads that way).
 */
export function pageScripts(doc) {
  const urls = [];
  for (const e of DomUtils.findAll((n) => n.name === "script" || n.name === "link", doc.children)) {
    const { type, src, rel, href } = e.attribs;
    if (e.name === "link" && rel?.split(/\s+/).includes("modulepreload") && href) urls.push(href);
    if (e.name !== "script" || type !== "module") continue;
    if (src) urls.push(src);
    else
      for (const m of DomUtils.textContent(e).matchAll(/(["'`])(\/assets\/[^"'`]+\.js)\1/g)) urls.push(m[2]);
  }
  return [...new Set(urls)];
}
