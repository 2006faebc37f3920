// The inline scripts and styles a page's Content-Security-Policy must allow, hashed from the parsed page
// exactly as the browser hashes them (the element's text; CRLF normalised by hashSource).
import { type PageHashes, hashSource } from "@site/site-policy";
import { type HtmlDocument, attribute, elementsOf, textOf } from "./html-tree";

/**
 * Script types the browser runs, or treats as code under script-src: classic scripts (no type, or a
 * JavaScript MIME type), modules, import maps and speculation rules. Any other type is a data block
 * (JSON-LD) that is never executed and needs no hash.
 */
const EXECUTABLE_TYPES = new Set([
  "",
  "module",
  "importmap",
  "speculationrules",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
  ...["", "1.0", "1.1", "1.2", "1.3", "1.4", "1.5"].map((v) => `text/javascript${v}`),
]);

/**
 * The hash sources of every executable inline script and every <style> of a page, each once, in order.
 * Those inside a <template> count too: they run, or apply, once a script inserts a copy of its content
 * (React Router's boot runs so, boot-after-paint.ts).
 */
export function inlineHashes(document: HtmlDocument): PageHashes {
  const scriptHashes = new Set<string>();
  const styleHashes = new Set<string>();
  for (const element of elementsOf(document, { templates: true })) {
    if (element.tagName === "style") styleHashes.add(hashSource(textOf(element)));
    if (element.tagName !== "script" || attribute(element, "src") !== undefined) continue;
    const type = (attribute(element, "type") ?? "").trim().toLowerCase();
    if (EXECUTABLE_TYPES.has(type)) scriptHashes.add(hashSource(textOf(element)));
  }
  return { scriptHashes: [...scriptHashes], styleHashes: [...styleHashes] };
}
