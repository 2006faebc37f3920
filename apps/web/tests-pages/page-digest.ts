// A prerendered page as its content, for comparing two builds page by page: the title, meta tags,
// links and JSON-LD of its head, and the text, headings, links, images, lists and form controls of its
// body, each element with the attributes that carry meaning (href, src, alt, ids, ARIA). Left out: what
// only styles or runs the page (classes, scripts other than JSON-LD, the inlined stylesheet, icon
// drawings, the content hashes in /assets/ names, React's text separators). The site's header and
// footer, the same on every page, are digested apart (chromeDigest).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type DefaultTreeAdapterTypes, defaultTreeAdapter as tree, parse } from "parse5";

type Node = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

/** Elements that carry meaning; any other element (div, span, svg…) is only its text. */
const MEANINGFUL = new Set(
  "html head title meta link body header nav main section article aside footer h1 h2 h3 h4 h5 h6 p ul ol li dl dt dd a img picture source figure figcaption blockquote table tr th td form label input select option textarea button dialog details summary strong em br hr noscript address time iframe".split(
    " ",
  ),
);
const MEANINGFUL_ATTRIBUTES =
  /^(href|src|srcset|sizes|alt|id|lang|rel|name|property|content|charset|type|for|action|method|role|title|datetime|width|height|hreflang|target|tabindex|hidden|open|disabled|required|autocomplete|inputmode|value|placeholder|aria-.*)$/;

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

function dropped(el: Element): boolean {
  if (el.tagName === "style" || el.tagName === "template" || el.tagName === "svg") return true;
  if (el.tagName === "script") return attr(el, "type") !== "application/ld+json";
  if (el.tagName === "link")
    return ["modulepreload", "preload", "stylesheet", "expect"].includes(attr(el, "rel") ?? "");
  return false;
}

/** Content hashes in asset names, and React's useId values (they follow the component's place in the tree). */
const normalise = (value: string) =>
  value
    .replace(/(\/assets\/[^"'\s/]*?)-[A-Za-z0-9_-]{8}(\.\w+)/g, "$1-*$2")
    .replace(/_R_[A-Za-z0-9]+_/g, "_R_*_");
const quote = (text: string) => JSON.stringify(normalise(text));

function childrenOf(node: Element): Node[] {
  // Adjacent texts (React separates them with comments) are one text.
  const children: Node[] = [];
  for (const child of node.childNodes) {
    const last = children[children.length - 1];
    if (tree.isCommentNode(child)) continue;
    if (tree.isTextNode(child) && last && tree.isTextNode(last)) {
      children[children.length - 1] = { ...last, value: last.value + child.value };
    } else children.push(child);
  }
  return children;
}

function lines(node: Node, depth: number, out: string[], skip: ReadonlySet<string>) {
  const pad = "  ".repeat(depth);
  if (tree.isTextNode(node)) {
    const text = node.value.replace(/\s+/g, " ");
    if (text.trim()) out.push(`${pad}${quote(text)}`);
    return;
  }
  if (!tree.isElementNode(node) || dropped(node)) return;
  if (node.tagName === "main") skip = new Set();
  if (skip.has("head") && node.parentNode?.nodeName === "head" && siteWideHead(node)) return;
  if (skip.has(node.tagName) && node.tagName !== "head") {
    out.push(`${pad}<${node.tagName}> (the site's ${node.tagName}: see chrome)`);
    return;
  }
  if (node.tagName === "script") {
    out.push(`${pad}<script type="application/ld+json">`);
    const json = JSON.parse(textOf(node));
    for (const line of JSON.stringify(json, null, 2).split("\n")) out.push(`${pad}  ${normalise(line)}`);
    return;
  }
  let inner = depth;
  if (MEANINGFUL.has(node.tagName)) {
    const attrs = node.attrs
      .filter((a) => MEANINGFUL_ATTRIBUTES.test(a.name))
      .map((a) => ` ${a.name}=${quote(a.value)}`)
      .join("");
    out.push(`${pad}<${node.tagName}${attrs}>`);
    inner = depth + 1;
  }
  for (const child of childrenOf(node)) lines(child, inner, out, skip);
}

const SITE_CHROME = new Set(["header", "footer", "head"]);

/** What every page's head carries (root.tsx): digested once, with the header and footer. */
function siteWideHead(el: Element): boolean {
  const name = attr(el, "name");
  if (el.tagName === "meta")
    return attr(el, "charset") !== undefined || name === "viewport" || name === "theme-color";
  if (el.tagName === "link") return ["icon", "apple-touch-icon", "manifest"].includes(attr(el, "rel") ?? "");
  if (el.tagName === "script") return /"@id":\s*"[^"]*#organization"/.test(textOf(el));
  return false;
}
const textOf = (el: Element) => el.childNodes.map((c) => (tree.isTextNode(c) ? c.value : "")).join("");

/** One page's digest, with the site's header and footer left to chromeDigest. */
function pageDigest(html: string): string {
  const out: string[] = [];
  for (const node of parse(html).childNodes) lines(node, 0, out, SITE_CHROME);
  return `${out.join("\n")}\n`;
}

/** The site's header and footer (outside <main>), the same on every page whatever link is current. */
function chromeDigest(html: string): string {
  const out: string[] = [];
  const visit = (node: Node) => {
    if (!tree.isElementNode(node)) return;
    if (node.tagName === "head") {
      for (const child of node.childNodes) {
        if (tree.isElementNode(child) && siteWideHead(child)) lines(child, 0, out, new Set());
      }
      return;
    }
    if (SITE_CHROME.has(node.tagName)) {
      const own: string[] = [];
      lines(node, 0, own, new Set());
      out.push(...own.map((l) => l.replace(/ aria-current="page"/, "")));
      return;
    }
    if (node.tagName !== "main") node.childNodes.forEach(visit);
  };
  parse(html).childNodes.forEach(visit);
  return `${out.join("\n")}\n`;
}

/** Every HTML file of a client build (relative, forward slashes), sorted. */
async function htmlFiles(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) => path.relative(clientDir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** The digest of every page of a client build, by file, and the digest of each page's chrome. */
export async function buildDigests(clientDir: string) {
  const pages = new Map<string, string>();
  const chrome = new Map<string, string>();
  for (const file of await htmlFiles(clientDir)) {
    const html = await readFile(path.join(clientDir, file), "utf8");
    pages.set(file, pageDigest(html));
    chrome.set(file, chromeDigest(html));
  }
  return { pages, chrome };
}
