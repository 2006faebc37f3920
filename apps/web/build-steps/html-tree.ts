// The HTML of a prerendered page as a parse5 tree: parsed once, read and changed by the build steps,
// serialised once. Small helpers over parse5's default tree adapter, named for what the steps do.
import { type DefaultTreeAdapterTypes, defaultTreeAdapter as tree, html, parse, serialize } from "parse5";

export type HtmlDocument = DefaultTreeAdapterTypes.Document;
export type HtmlElement = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

export const parseHtml = (html: string): HtmlDocument => parse(html);
export const serializeHtml = (document: HtmlDocument): string => serialize(document);

/**
 * Every element under `node` in document order. A <template>'s content is a separate fragment, which
 * is not rendered nor run until a script inserts a copy of it: it is visited only with `templates`.
 */
export function* elementsOf(node: ParentNode, { templates = false } = {}): Generator<HtmlElement> {
  for (const child of node.childNodes) {
    if (!tree.isElementNode(child)) continue;
    yield child;
    yield* elementsOf(child, { templates });
    if (templates && child.tagName === "template") {
      yield* elementsOf(templateContent(child), { templates });
    }
  }
}

/** The first element with this tag name under `node`, or undefined. */
export function findElement(node: ParentNode, tagName: string): HtmlElement | undefined {
  for (const element of elementsOf(node)) if (element.tagName === tagName) return element;
  return undefined;
}

/** The value of an attribute (names are lower case after parsing), or undefined when absent. */
export const attribute = (element: HtmlElement, name: string): string | undefined =>
  element.attrs.find((a) => a.name === name)?.value;

export const attributeNames = (element: HtmlElement): string[] => element.attrs.map((a) => a.name);

export function setAttribute(element: HtmlElement, name: string, value: string): void {
  const existing = element.attrs.find((a) => a.name === name);
  if (existing) existing.value = value;
  else element.attrs.push({ name, value });
}

/** The text of a raw-text element (<script>, <style>) exactly as the browser sees it. */
export const textOf = (element: HtmlElement): string =>
  element.childNodes.map((child) => (tree.isTextNode(child) ? child.value : "")).join("");

function setText(element: HtmlElement, text: string): void {
  for (const child of [...element.childNodes]) tree.detachNode(child);
  if (text !== "") tree.insertText(element, text);
}

/** A new element, not yet in the tree. */
export function createElement(tagName: string, attrs: Record<string, string>, text = ""): HtmlElement {
  const attributes = Object.entries(attrs).map(([name, value]) => ({ name, value }));
  const element = tree.createElement(tagName, html.NS.HTML, attributes);
  setText(element, text);
  return element;
}

/** The content of a <template>: the fragment its children are parsed into. */
export const templateContent = (template: HtmlElement) =>
  tree.getTemplateContent(template as DefaultTreeAdapterTypes.Template);

/** A new <template> whose content is `element` (moved out of the tree it was in). */
export function templateOf(element: HtmlElement, attrs: Record<string, string>): HtmlElement {
  const template = createElement("template", attrs) as DefaultTreeAdapterTypes.Template;
  const content = tree.createDocumentFragment();
  removeElement(element);
  tree.appendChild(content, element);
  tree.setTemplateContent(template, content);
  return template;
}

export function insertAfter(reference: HtmlElement, element: HtmlElement): void {
  const parent = reference.parentNode;
  if (!parent) throw new Error(`<${reference.tagName}> is not in the document`);
  const next = parent.childNodes[parent.childNodes.indexOf(reference) + 1];
  if (next) tree.insertBefore(parent, element, next);
  else tree.appendChild(parent, element);
}

export function insertBefore(reference: HtmlElement, element: HtmlElement): void {
  const parent = reference.parentNode;
  if (!parent) throw new Error(`<${reference.tagName}> is not in the document`);
  tree.insertBefore(parent, element, reference);
}

export const removeElement = (element: HtmlElement): void => tree.detachNode(element);

/** Puts `element` (moved out of the tree it was in) where `reference` is, and takes `reference` out. */
export function replaceElement(reference: HtmlElement, element: HtmlElement): void {
  tree.detachNode(element);
  insertBefore(reference, element);
  removeElement(reference);
}

/** The element's start tag as serialised, for build messages: <link rel="modulepreload" href="…">. */
export function startTag(element: HtmlElement): string {
  const attrs = element.attrs.map((a) => ` ${a.name}="${a.value.replace(/"/g, "&quot;")}"`).join("");
  return `<${element.tagName}${attrs}>`;
}
