import { company } from "@site/content/data/company";
import type { Job } from "@site/content";
import type { Package } from "@site/content";
import { richTextHtml } from "./rich-text-html";
import { absoluteUrl, siteUrl } from "./seo";

/** schema.org JSON-LD builders for the page types (issue 5: Service, Product, JobPosting, …). */
type JsonLd = Record<string, unknown>;

const organizationRef = (): JsonLd => ({
  "@type": "Organization",
  name: company.name,
  url: `${siteUrl}/`,
  logo: absoluteUrl("/logo.png"),
});

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.path),
    })),
  };
}

export function serviceJsonLd(input: {
  name: string;
  description: string;
  path: string;
  image: string;
  offerings: readonly { name: string; description: string }[];
}): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: input.name,
    serviceType: input.name,
    description: input.description,
    url: absoluteUrl(input.path),
    image: absoluteUrl(input.image),
    provider: organizationRef(),
    areaServed: [
      { "@type": "Country", name: "United Kingdom" },
      { "@type": "Country", name: "Sri Lanka" },
    ],
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: input.name,
      itemListElement: input.offerings.map((o) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: o.name, description: o.description },
      })),
    },
  };
}

export function softwareApplicationJsonLd(input: {
  name: string;
  description: string;
  path: string;
  image: string;
  features: readonly string[];
}): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.path),
    image: absoluteUrl(input.image),
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web browser",
    featureList: input.features.join(", "),
    publisher: organizationRef(),
  };
}

export function jobPostingJsonLd(job: Job, path: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: [
      richTextHtml(job.description),
      `<p>Responsibilities:</p><ul>${job.responsibilities.map((r) => `<li>${r}</li>`).join("")}</ul>`,
      `<p>Requirements:</p><ul>${job.requirements.map((r) => `<li>${r}</li>`).join("")}</ul>`,
    ].join(""),
    datePosted: job.datePosted,
    employmentType: job.employmentType,
    url: absoluteUrl(path),
    hiringOrganization: {
      "@type": "Organization",
      name: company.name,
      sameAs: `${siteUrl}/`,
      logo: absoluteUrl("/logo.png"),
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: job.location.locality,
        addressCountry: job.location.countryCode,
      },
    },
    directApply: false,
  };
}

const priceSpec = (p: Package): JsonLd =>
  p.billing === "month"
    ? {
        "@type": "UnitPriceSpecification",
        price: p.amount.toFixed(2),
        priceCurrency: "GBP",
        unitCode: "MON",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
      }
    : { "@type": "PriceSpecification", price: p.amount.toFixed(2), priceCurrency: "GBP" };

/** An OfferCatalog of packages with GBP prices (one-time or per month). */
export function packagesJsonLd(
  catalogs: readonly { name: string; packages: readonly Package[] }[],
  path: string,
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "OfferCatalog",
    name: "Web development and hosting packages",
    url: absoluteUrl(path),
    itemListElement: catalogs.map((c) => ({
      "@type": "OfferCatalog",
      name: c.name,
      itemListElement: c.packages.map((p) => ({
        "@type": "Offer",
        name: `${c.name}: ${p.title}`,
        description: p.features.join(", "),
        price: p.amount.toFixed(2),
        priceCurrency: "GBP",
        priceSpecification: priceSpec(p),
        seller: organizationRef(),
        itemOffered: { "@type": "Service", name: `${c.name}: ${p.title}` },
      })),
    })),
  };
}

/** The free consultation: a Service offered at no cost by the organisation, booked on its page. */
export function consultationJsonLd(input: { name: string; description: string; path: string }): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: input.name,
    serviceType: "IT consultation",
    description: input.description,
    url: absoluteUrl(input.path),
    provider: organizationRef(),
    areaServed: [
      { "@type": "Country", name: "United Kingdom" },
      { "@type": "Country", name: "Sri Lanka" },
    ],
    offers: { "@type": "Offer", price: "0", priceCurrency: "GBP", url: absoluteUrl(input.path) },
  };
}
