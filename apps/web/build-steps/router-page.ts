// The part of a page prerendered by React Router that the build changes, found in the parsed page and
// checked against what React Router 7 renders: its stylesheet links, whose CSS is inlined
// (inline-css.ts). Anything else about them fails the build, naming what changed: an inlining that
// matched the old shape would otherwise ship pages that render-block on the stylesheet or lose their
// styles. The rest of the page, its boot included, is left as React Router wrote it.
import {
  type HtmlDocument,
  type HtmlElement,
  attribute,
  attributeNames,
  elementsOf,
  findElement,
  startTag,
} from "./html-tree";
import { expectOutput } from "./output-changed";

interface LinkedFile {
  element: HtmlElement;
  href: string;
}

export interface RouterPage {
  /** Path of the page relative to the client build ("about/index.html"). */
  file: string;
  document: HtmlDocument;
  /** <link rel="stylesheet" href="/assets/….css">, in <head>. */
  stylesheets: LinkedFile[];
}

const STYLESHEET_HREF = /^\/assets\/[^/]+\.css$/;

const relTokens = (element: HtmlElement) => (attribute(element, "rel") ?? "").toLowerCase().split(/\s+/);

/**
 * Finds and checks the stylesheet links of one prerendered page. `isBuildFile` tells whether a
 * root-relative URL ("/assets/x.css") is a file of the client build.
 */
export function readRouterPage(
  document: HtmlDocument,
  file: string,
  isBuildFile: (href: string) => boolean,
): RouterPage {
  const head = findElement(document, "head");
  expectOutput(head, file, () => "no <head>");
  expectOutput(
    !findElement(head, "style"),
    file,
    () => "<head> already has a <style>: the build expects the stylesheet as a <link> to inline",
  );
  const stylesheets: LinkedFile[] = [];
  for (const element of elementsOf(document)) {
    if (element.tagName === "link" && relTokens(element).includes("stylesheet")) {
      stylesheets.push(checkedStylesheet(element, file, head));
    }
  }
  for (const link of stylesheets) {
    expectOutput(isBuildFile(link.href), file, () => `${startTag(link.element)}: no such file in the build`);
  }
  expectOutput(stylesheets.length > 0, file, () => 'no <link rel="stylesheet">: nothing to inline');
  return { file, document, stylesheets };
}

/** A <link rel="stylesheet" href="/assets/….css"> in <head> with no other attribute. */
function checkedStylesheet(element: HtmlElement, file: string, head: HtmlElement): LinkedFile {
  const tag = startTag(element);
  expectOutput(element.parentNode === head, file, () => `${tag} is not in <head>`);
  expectOutput(
    attribute(element, "rel") === "stylesheet",
    file,
    () => `${tag}: rel is not just "stylesheet"`,
  );
  const others = attributeNames(element).filter((name) => name !== "rel" && name !== "href");
  expectOutput(
    others.length === 0,
    file,
    () =>
      `${tag} has ${others.join(", ")}, which the build would drop (the link is disabled and its CSS ` +
      "inlined in a plain <style>)",
  );
  const value = attribute(element, "href") ?? "";
  expectOutput(
    STYLESHEET_HREF.test(value),
    file,
    () => `${tag}: expected an href matching ${STYLESHEET_HREF}`,
  );
  return { element, href: value };
}
