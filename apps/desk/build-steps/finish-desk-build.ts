// The desk's buildEnd: index.html parsed (parse5, as the browser would), every inline script and style
// hashed for the CSP (desk-manifest.json beside build/client, read by the server's desk role), and
// anything the strict CSP could not allow (inline event handlers, style attributes) fails the build.
import { DESK_MANIFEST_FILE, type DeskManifest, hashSource, precompress } from "@site/site-policy";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type DefaultTreeAdapterTypes, defaultTreeAdapter as tree, parse } from "parse5";

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

function* elementsOf(node: ParentNode): Generator<Element> {
  for (const child of node.childNodes) {
    if (!tree.isElementNode(child)) continue;
    yield child;
    yield* elementsOf(child);
  }
}

const textOf = (element: Element) =>
  element.childNodes.map((c) => (tree.isTextNode(c) ? c.value : "")).join("");

/** The hash sources index.html needs; throws on inline code the CSP could not allow by hash. */
function inlineHashes(html: string): Omit<DeskManifest, "version"> {
  const scriptHashes = new Set<string>();
  const styleHashes = new Set<string>();
  for (const element of elementsOf(parse(html))) {
    const attrs = new Map(element.attrs.map((a) => [a.name, a.value]));
    const handler = [...attrs.keys()].find((n) => n.startsWith("on") || n === "style");
    if (handler)
      throw new Error(`desk index.html: <${element.tagName} ${handler}> cannot pass the desk's CSP`);
    if (element.tagName === "style") styleHashes.add(hashSource(textOf(element)));
    const type = (attrs.get("type") ?? "").toLowerCase();
    if (element.tagName === "script" && !attrs.has("src") && (type === "" || type === "module")) {
      scriptHashes.add(hashSource(textOf(element)));
    }
    if (element.tagName === "script" && !["", "module"].includes(type)) {
      throw new Error(`desk index.html: unexpected <script type="${type}">`);
    }
  }
  return { scriptHashes: [...scriptHashes], styleHashes: [...styleHashes] };
}

export async function finishDeskBuild(buildDirectory: string): Promise<void> {
  const clientDir = path.join(buildDirectory, "client");
  const html = await readFile(path.join(clientDir, "index.html"), "utf8");
  const manifest: DeskManifest = { version: 1, ...inlineHashes(html) };
  await writeFile(path.join(buildDirectory, DESK_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const files = (await readdir(clientDir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(clientDir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
  const copies = await precompress(clientDir, files);
  console.log(
    `desk: ${DESK_MANIFEST_FILE} (${manifest.scriptHashes.length} script hashes), ${copies} compressed copies`,
  );
}
