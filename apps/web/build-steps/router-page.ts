// The parts of a page prerendered by React Router that the rewrite changes, found in the parsed page
// and checked against what React Router 7 renders. Anything else fails the build, naming what changed:
// a rewrite that matched the old shape would otherwise ship pages that silently load their scripts
// before the first paint, render-block on the stylesheet, or do not hydrate.
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
import { type RouterBoot, bootImports, readRouterBoot } from "./router-boot";

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
  /** <link rel="modulepreload" href="/assets/….js">, in React Router's order. */
  modulePreloads: LinkedFile[];
  /** <link rel="stylesheet" href="/assets/….css">. */
  stylesheets: LinkedFile[];
  /** The module script that imports the route modules and hydrates, and what it says. */
  boot: { element: HtmlElement; code: RouterBoot };
}

/** The id the rewrite gives the boot script; nothing in React Router's output may have it. */
export const BOOT_ID = "boot";

const relTokens = (element: HtmlElement) => (attribute(element, "rel") ?? "").toLowerCase().split(/\s+/);
const hasOnly = (element: HtmlElement, names: string[]) =>
  attributeNames(element).every((name) => names.includes(name));

/**
 * Finds and checks the parts of one prerendered page. `isBuildFile` tells whether a root-relative
 * URL ("/assets/x.js") is a file of the client build.
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
    () => "<head> already has a <style>: the rewrite expects the stylesheet as a <link> to inline",
  );

  const modulePreloads: LinkedFile[] = [];
  const stylesheets: LinkedFile[] = [];
  const moduleScripts: HtmlElement[] = [];
  for (const element of elementsOf(document)) {
    if (element.tagName === "link" && relTokens(element).includes("modulepreload")) {
      modulePreloads.push(checkedLink(element, file, head, "modulepreload", /^\/assets\/[^/]+\.js$/));
    } else if (element.tagName === "link" && relTokens(element).includes("stylesheet")) {
      stylesheets.push(checkedLink(element, file, head, "stylesheet", /^\/assets\/[^/]+\.css$/));
    } else if (element.tagName === "script") {
      expectOutput(
        attribute(element, "src") === undefined,
        file,
        () => `${startTag(element)}: an external script would load before the first paint`,
      );
      if (attribute(element, "type")?.trim().toLowerCase() === "module") moduleScripts.push(element);
    }
    expectOutput(
      attribute(element, "id") !== BOOT_ID,
      file,
      () => `${startTag(element)} has the id "${BOOT_ID}" the rewrite gives the boot script`,
    );
  }
  for (const link of [...modulePreloads, ...stylesheets]) {
    expectOutput(isBuildFile(link.href), file, () => `${startTag(link.element)}: no such file in the build`);
  }
  expectOutput(stylesheets.length > 0, file, () => 'no <link rel="stylesheet">: nothing to inline');
  expectOutput(
    moduleScripts.length === 1,
    file,
    () => `expected one module script (React Router's boot script), found ${moduleScripts.length}`,
  );
  const [bootElement] = moduleScripts as [HtmlElement];
  expectOutput(
    attribute(bootElement, "async") === "" && hasOnly(bootElement, ["type", "async"]),
    file,
    () =>
      `the boot script's tag changed: ${startTag(bootElement)} (expected <script type="module" async="">)`,
  );
  const code = readRouterBoot(textOf(bootElement), file);
  const preloaded = new Set(modulePreloads.map((l) => l.href));
  for (const href of bootImports(code)) {
    expectOutput(
      preloaded.has(href),
      file,
      () => `the boot script imports ${href}, which has no modulepreload link`,
    );
  }
  return { file, document, charset, modulePreloads, stylesheets, boot: { element: bootElement, code } };
}

/** A <link rel="…" href="…"> in <head> with no other attribute. */
function checkedLink(
  element: HtmlElement,
  file: string,
  head: HtmlElement,
  rel: string,
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
      `${tag} has ${others.join(", ")}, which the rewrite would drop (` +
      (rel === "modulepreload"
        ? "the boot preloads the chunks with plain preload links after the first paint"
        : "the link is disabled and its CSS inlined in a plain <style>") +
      ")",
  );
  const value = attribute(element, "href") ?? "";
  expectOutput(href.test(value), file, () => `${tag}: expected an href matching ${href}`);
  return { element, href: value };
}
