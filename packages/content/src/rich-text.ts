import Markdoc, { type Node } from "@markdoc/markdoc";

/** Rich text as the site renders it: paragraphs and lists of inline runs. Plain data, no parser needed. */
export type RichInline =
  | string
  | { tag: "strong" | "em"; children: RichInline[] }
  | { tag: "a"; href: string; children: RichInline[] }
  | { tag: "br" };
export type RichBlock = { tag: "p"; children: RichInline[] } | { tag: "ul" | "ol"; items: RichInline[][] };
export type RichText = RichBlock[];

const SAFE_HREF = /^(https:\/\/[^\s]+|\/[^\s]*|mailto:[^\s]+)$/;

const NOT_ALLOWED: Partial<Record<string, string>> = {
  heading: "headings",
  image: "images",
  table: "tables",
  fence: "code blocks",
  code: "code",
  blockquote: "quotes",
  hr: "horizontal lines",
  tag: "Markdoc tags ({% … %})",
  s: "struck-through text",
};

class RichTextError extends Error {}

function refuse(node: Node): never {
  const what = NOT_ALLOWED[node.type] ?? `"${node.type}"`;
  throw new RichTextError(
    `${what} cannot be used here (line ${(node.lines[0] ?? 0) + 1}): use paragraphs, bold, italic, links and lists`,
  );
}

function inlines(nodes: readonly Node[]): RichInline[] {
  const out: RichInline[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case "inline":
        out.push(...inlines(node.children));
        break;
      case "text":
        out.push(String(node.attributes.content ?? ""));
        break;
      case "softbreak":
        out.push(" ");
        break;
      case "hardbreak":
        out.push({ tag: "br" });
        break;
      case "strong":
      case "em":
        out.push({ tag: node.type, children: inlines(node.children) });
        break;
      case "link": {
        const href = String(node.attributes.href ?? "");
        if (!SAFE_HREF.test(href)) {
          throw new RichTextError(`the link "${href}" must start with https://, / or mailto:`);
        }
        out.push({ tag: "a", href, children: inlines(node.children) });
        break;
      }
      default:
        refuse(node);
    }
  }
  // Adjacent runs of text become one string.
  return out.reduce<RichInline[]>((acc, run) => {
    const last = acc[acc.length - 1];
    if (typeof run === "string" && typeof last === "string") acc[acc.length - 1] = last + run;
    else acc.push(run);
    return acc;
  }, []);
}

function blocks(nodes: readonly Node[]): RichBlock[] {
  return nodes.map((node): RichBlock => {
    if (node.type === "paragraph") return { tag: "p", children: inlines(node.children) };
    if (node.type === "list") {
      return {
        tag: node.attributes.ordered ? "ol" : "ul",
        items: node.children.map((item) =>
          item.children.flatMap((c) => (c.type === "paragraph" ? inlines(c.children) : inlines([c]))),
        ),
      };
    }
    return refuse(node);
  });
}

/** Markdoc source → rich text, or the reason it cannot be (a message for the editor's user). */
export function parseRichText(
  source: string,
): { ok: true; value: RichText } | { ok: false; message: string } {
  const ast = Markdoc.parse(source);
  const errors = Markdoc.validate(ast).filter(
    (e) => e.error.level === "error" || e.error.level === "critical",
  );
  if (errors.length) {
    const first = errors[0]!;
    return { ok: false, message: `${first.error.message} (line ${(first.lines[0] ?? 0) + 1})` };
  }
  try {
    const value = blocks(ast.children);
    if (!value.length) return { ok: false, message: "is empty" };
    return { ok: true, value };
  } catch (err) {
    if (err instanceof RichTextError) return { ok: false, message: err.message };
    throw err;
  }
}
