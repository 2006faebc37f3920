// The parts of a page prerendered by React Router that the build changes, found in the parsed page and
// checked against what React Router 7 renders: its stylesheet links, whose CSS is inlined
// (inline-css.ts), and its boot, which runs after the first paint (boot-after-paint.ts): React Router's
// module script, or on a content page the islands' script root.tsx puts in its place
// (docs/decisions/0022-content-page-islands.md). Anything else about them fails the build, naming what
// changed: a rewrite that matched the old shape would otherwise ship pages that render-block on the
// stylesheet, lose their styles, or do not hydrate.
import {
  type HtmlDocument,
  type HtmlElement,
  attribute,
  attributeNames,
  elementsOf,
  findElement,
  startTag,
  textOf,
} from "./html-tree";
import { expectOutput } from "./output-changed";

/** The id of the <template> that holds the page's module script until the first paint. */
export const ROUTER_BOOT_ID = "router-boot";

interface LinkedFile {
  element: HtmlElement;
  href: string;
}

export interface RouterPage {
  /** Path of the page relative to the client build ("about/index.html"). */
  file: string;
  document: HtmlDocument;
  /** <meta charset="utf-8">, the first element of <head>. */
  charset: HtmlElement;
  /** <link rel="stylesheet" href="/assets/….css">, in <head>. */
  stylesheets: LinkedFile[];
  /** <link rel="modulepreload" href="/assets/….js">, in <head>. */
  modulePreloads: LinkedFile[];
  /**
   * React Router's boot: the inline module script that imports the route modules and then, with
   * import(), the client entry (`entry`, "/assets/entry.client-….js"), which hydrates. Or, on a content
   * page, the islands' script (`<script type="module" src="/assets/islands-….js">`).
   */
  boot: RouterBoot | IslandsBoot;
}

interface RouterBoot {
  kind: "router";
  element: HtmlElement;
  code: string;
  entry: string;
}

interface IslandsBoot {
  kind: "islands";
  element: HtmlElement;
  src: string;
}

const STYLESHEET_HREF = /^\/assets\/[^/]+\.css$/;
const CHUNK_HREF = /^\/assets\/[^/]+\.js$/;

const relTokens = (element: HtmlElement) => (attribute(element, "rel") ?? "").toLowerCase().split(/\s+/);

/**
 * Finds and checks the stylesheet links and the boot of one prerendered page. `isBuildFile` tells
 * whether a root-relative URL ("/assets/x.css") is a file of the client build.
 */
export function readRouterPage(
  document: HtmlDocument,
  file: string,
  isBuildFile: (href: string) => boolean,
): RouterPage {
  const head = findElement(document, "head");
  expectOutput(head, file, () => "no <head>");
  const charset = head.childNodes.find((n): n is HtmlElement => "tagName" in n);
  expectOutput(
    charset?.tagName === "meta" &&
      attribute(charset, "charset") === "utf-8" &&
      attributeNames(charset).length === 1,
    file,
    () =>
      `<head> should start with <meta charset="utf-8"> (React's <meta charSet="utf-8"/>), which the ` +
      `render-blocking <link rel="expect"> follows; found ${charset ? startTag(charset) : "nothing"}`,
  );
  expectOutput(
    !findElement(head, "style"),
    file,
    () => "<head> already has a <style>: the build expects the stylesheet as a <link> to inline",
  );
  const stylesheets: LinkedFile[] = [];
  const modulePreloads: LinkedFile[] = [];
  const moduleScripts: HtmlElement[] = [];
  for (const element of elementsOf(document, { templates: true })) {
    expectOutput(
      attribute(element, "id") !== ROUTER_BOOT_ID,
      file,
      () => `${startTag(element)} has the id "${ROUTER_BOOT_ID}" the build gives the boot's <template>`,
    );
    if (element.tagName === "link" && relTokens(element).includes("stylesheet")) {
      stylesheets.push(checkedLink(element, file, head, "stylesheet", STYLESHEET_HREF));
    } else if (element.tagName === "link" && relTokens(element).includes("modulepreload")) {
      modulePreloads.push(checkedLink(element, file, head, "modulepreload", CHUNK_HREF));
    } else if (
      element.tagName === "script" &&
      attribute(element, "type")?.trim().toLowerCase() === "module"
    ) {
      moduleScripts.push(element);
    }
  }
  for (const link of [...stylesheets, ...modulePreloads]) {
    expectOutput(isBuildFile(link.href), file, () => `${startTag(link.element)}: no such file in the build`);
  }
  expectOutput(stylesheets.length > 0, file, () => 'no <link rel="stylesheet">: nothing to inline');
  expectOutput(
    moduleScripts.length === 1,
    file,
    () => `expected one module script (React Router's boot or the islands'), found ${moduleScripts.length}`,
  );
  const [boot] = moduleScripts as [HtmlElement];
  expectOutput(
    boot.parentNode === findElement(document, "body"),
    file,
    () => "the boot script is not a child of <body>, whose unexpected children hydration passes over",
  );
  const parts = { file, document, charset, stylesheets, modulePreloads };
  const src = attribute(boot, "src");
  if (src !== undefined) {
    expectOutput(
      CHUNK_HREF.test(src) && isBuildFile(src) && attributeNames(boot).length === 2,
      file,
      () => `${startTag(boot)}: expected the islands' script, <script type="module" src="/assets/….js">`,
    );
    expectOutput(
      modulePreloads.length === 0,
      file,
      () => "a page with the islands' script has React Router's modulepreload links too",
    );
    return { ...parts, boot: { kind: "islands", element: boot, src } };
  }
  expectOutput(
    attribute(boot, "async") === "" && attributeNames(boot).length === 2,
    file,
    () => `the boot script's tag changed: ${startTag(boot)} (expected <script type="module" async="">)`,
  );
  const code = textOf(boot);
  const entry = /\bimport\("(\/assets\/entry\.client-[^"/]+\.js)"\);\s*$/.exec(code)?.[1];
  expectOutput(
    entry,
    file,
    () => `the boot script no longer ends with import("…entry.client….js"):\n${code}`,
  );
  expectOutput(
    modulePreloads.some((link) => link.href === entry),
    file,
    () => `the client entry ${entry} has no modulepreload link`,
  );
  return { ...parts, boot: { kind: "router", element: boot, code, entry } };
}

/** A <link rel="…" href="…"> in <head> with no other attribute. */
function checkedLink(
  element: HtmlElement,
  file: string,
  head: HtmlElement,
  rel: "stylesheet" | "modulepreload",
  href: RegExp,
): LinkedFile {
  const tag = startTag(element);
  expectOutput(element.parentNode === head, file, () => `${tag} is not in <head>`);
  expectOutput(attribute(element, "rel") === rel, file, () => `${tag}: rel is not just "${rel}"`);
  const others = attributeNames(element).filter((name) => name !== "rel" && name !== "href");
  expectOutput(
    others.length === 0,
    file,
    () =>
      `${tag} has ${others.join(", ")}, which the build would drop (` +
      (rel === "stylesheet"
        ? "the link is disabled and its CSS inlined in a plain <style>"
        : "the link is removed and the boot's module script fetches the chunk itself") +
      ")",
  );
  const value = attribute(element, "href") ?? "";
  expectOutput(href.test(value), file, () => `${tag}: expected an href matching ${href}`);
  return { element, href: value };
}
