import type { RichInline, RichText } from "@site/content";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escape(text).replace(/"/g, "&quot;");

function inline(run: RichInline): string {
  if (typeof run === "string") return escape(run);
  if (run.tag === "br") return "<br>";
  const inner = run.children.map(inline).join("");
  return run.tag === "a"
    ? `<a href="${escapeAttribute(run.href)}">${inner}</a>`
    : `<${run.tag}>${inner}</${run.tag}>`;
}

/** Rich text as an HTML string (JobPosting.description, which schema.org lets carry HTML). */
export function richTextHtml(text: RichText): string {
  return text
    .map((b) =>
      b.tag === "p"
        ? `<p>${b.children.map(inline).join("")}</p>`
        : `<${b.tag}>${b.items.map((item) => `<li>${item.map(inline).join("")}</li>`).join("")}</${b.tag}>`,
    )
    .join("");
}
