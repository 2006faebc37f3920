import type { MetaDescriptor } from "react-router";
import { company } from "~/content/company";

/** Public origin of the site, from SITE_URL at build time (placeholder default). */
export const siteUrl: string = __SITE_URL__.replace(/\/$/, "");

export const absoluteUrl = (path: string) => `${siteUrl}${path === "/" ? "/" : path}`;

export interface PageMetaInput {
  /** Page title without the company suffix; must be unique across the site. */
  title: string;
  /** 120–160 characters, unique across the site. */
  description: string;
  /** Canonical path, e.g. "/services/internet-services". */
  path: string;
  noindex?: boolean;
  /** Extra JSON-LD objects for this page (Organization is added site-wide by root). */
  jsonLd?: Record<string, unknown>[];
}

/** Title, description, canonical link, Open Graph, Twitter card and JSON-LD for one page. */
export function pageMeta({
  title,
  description,
  path,
  noindex,
  jsonLd = [],
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = path === "/" ? `${company.name} | ${title}` : `${title} | ${company.name}`;
  const url = absoluteUrl(path);
  const image = absoluteUrl("/og-image.png");
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: company.name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}
