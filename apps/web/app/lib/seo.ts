import type { MetaDescriptor } from "react-router";
import { company } from "@site/content/data/company";

/** Public origin of the site, from SITE_URL at build time (placeholder default, see site-url.ts). */
export const siteUrl: string = __SITE_URL__.replace(/\/$/, "");

/** Absolute URL of a site path: "/" stays "/", other paths carry no trailing slash. */
export const absoluteUrl = (path: string) => {
  const clean = path === "/" ? "/" : `/${path.replace(/^\/+/, "").replace(/\/+$/, "")}`;
  return `${siteUrl}${clean}`;
};

/** The share image written by build-steps/og-image.ts at build time (1200×630). */
const ogImage = { path: "/og-image.png", width: 1200, height: 630 } as const;

/** Stable node id so page-level JSON-LD (Service, JobPosting, …) can point at the organisation. */
const organizationId = `${siteUrl}/#organization`;

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
  const image = absoluteUrl(ogImage.path);
  const imageAlt = `${company.name}: ${company.tagline}`;
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
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(ogImage.width) },
    { property: "og:image:height", content: String(ogImage.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    ...(noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}

/** Site-wide Organization node (schema.org), built only from company.ts. Rendered once by root.tsx. */
export function organizationJsonLd(): Record<string, unknown> {
  const { address } = company;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId,
    name: company.name,
    legalName: company.legalName,
    url: absoluteUrl("/"),
    logo: { "@type": "ImageObject", url: absoluteUrl("/logo.png") },
    image: absoluteUrl(ogImage.path),
    description: company.tagline,
    foundingDate: String(company.foundingYear),
    email: company.email.info,
    telephone: company.phone.uk.tel,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.locality,
      postalCode: address.postalCode,
      addressCountry: address.countryCode,
    },
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        email: company.email.sales,
        telephone: company.phone.uk.tel,
        areaServed: ["GB", "LK"],
        availableLanguage: ["en-GB"],
      },
      {
        "@type": "ContactPoint",
        contactType: "customer service",
        email: company.email.info,
        telephone: company.phone.uk.tel,
        areaServed: ["GB", "LK"],
        availableLanguage: ["en-GB"],
      },
    ],
    sameAs: company.social.map((s) => s.href),
    identifier: {
      "@type": "PropertyValue",
      propertyID: `Companies House (${company.registration.jurisdiction})`,
      value: company.registration.number,
    },
  };
}

/**
 * Serialises JSON-LD for a `<script type="application/ld+json">` data block. `<`, `>` and `&` are
 * escaped as JSON unicode escapes so no string in the data can close the element.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
