/**
 * What a search engine sees without running JavaScript: the tags of the raw prerendered HTML.
 * React's server output is regular (double-quoted attributes, self-closed void tags), so a small
 * tag scanner is enough and keeps the test honest: no DOM, no scripts.
 */
type Attrs = Record<string, string>;

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function attrs(tag: string): Attrs {
  const out: Attrs = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?/g)) {
    const name = m[1];
    if (name) out[name.toLowerCase()] = decode(m[2] ?? "");
  }
  return out;
}

export interface RawPage {
  lang: string | undefined;
  titles: string[];
  metas: Attrs[];
  links: Attrs[];
  /** Parsed JSON of every <script type="application/ld+json"> block (throws if one is invalid). */
  jsonLd: unknown[];
  meta(key: "name" | "property", value: string): string | undefined;
  link(rel: string): Attrs[];
}

export function parseRawHtml(html: string): RawPage {
  const open = (name: string) =>
    [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))].map((m) => attrs(m[1] ?? ""));
  const htmlTag = open("html")[0];
  const titles = [...html.matchAll(/<title\b[^>]*>([\s\S]*?)<\/title>/gi)].map((m) =>
    decode(m[1] ?? "").trim(),
  );
  const metas = open("meta");
  const links = open("link");
  const jsonLd = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => attrs(m[1] ?? "").type === "application/ld+json")
    .map((m, i) => {
      try {
        return JSON.parse(m[2] ?? "") as unknown;
      } catch (e) {
        throw new Error(`ld+json block ${i} is not valid JSON: ${(e as Error).message}`);
      }
    });
  return {
    lang: htmlTag?.lang,
    titles,
    metas,
    links,
    jsonLd,
    meta: (key, value) => metas.find((m) => m[key] === value)?.content,
    link: (rel) => links.filter((l) => (l.rel ?? "").split(/\s+/).includes(rel)),
  };
}

export type LdNode = Record<string, unknown>;

/** Every node of the page's JSON-LD: top-level objects, arrays and @graph members. */
function ldNodes(blocks: unknown[]): LdNode[] {
  const out: LdNode[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === "object") {
      const node = v as LdNode;
      if (Array.isArray(node["@graph"])) visit(node["@graph"]);
      if (node["@type"]) out.push(node);
    }
  };
  blocks.forEach(visit);
  return out;
}

const hasType = (node: LdNode, ...types: string[]) => {
  const t = node["@type"];
  return (Array.isArray(t) ? t : [t]).some((x) => types.includes(String(x)));
};

export const ofType = (blocks: unknown[], ...types: string[]) =>
  ldNodes(blocks).filter((n) => hasType(n, ...types));
