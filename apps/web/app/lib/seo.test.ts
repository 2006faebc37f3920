import { describe, expect, it } from "vitest";
import { company } from "@site/content/data/company";
import { absoluteUrl, organizationJsonLd, pageMeta, serializeJsonLd, siteUrl } from "./seo";

describe("pageMeta", () => {
  const meta = pageMeta({ title: "About Us", description: "About the company.", path: "/about" });
  const find = (key: string, value: string) =>
    meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

  it("builds an absolute canonical and og:url from SITE_URL and the path", () => {
    expect(find("rel", "canonical")?.href).toBe(`${siteUrl}/about`);
    expect(find("property", "og:url")?.content).toBe(`${siteUrl}/about`);
    expect(find("property", "og:image")?.content).toBe(`${siteUrl}/og-image.png`);
  });

  it("suffixes the company name, but leads with it on the home page", () => {
    expect(meta[0]).toEqual({ title: `About Us | ${company.name}` });
    expect(pageMeta({ title: "Home", description: "d", path: "/" })[0]).toEqual({
      title: `${company.name} | Home`,
    });
  });

  it("adds robots noindex only when asked", () => {
    expect(find("name", "robots")).toBeUndefined();
    const hidden = pageMeta({ title: "Login", description: "d", path: "/login", noindex: true });
    expect(hidden).toContainEqual({ name: "robots", content: "noindex, follow" });
  });

  it("passes page JSON-LD through as ld+json descriptors", () => {
    const data = { "@context": "https://schema.org", "@type": "Service", name: "X" };
    expect(pageMeta({ title: "t", description: "d", path: "/x", jsonLd: [data] })).toContainEqual({
      "script:ld+json": data,
    });
  });
});

describe("absoluteUrl", () => {
  it("keeps the root slash and drops trailing slashes elsewhere", () => {
    expect(absoluteUrl("/")).toBe(`${siteUrl}/`);
    expect(absoluteUrl("/contact/")).toBe(`${siteUrl}/contact`);
  });
});

describe("organizationJsonLd", () => {
  const org = organizationJsonLd();
  it("carries the required Organization properties from company.ts", () => {
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: company.name,
      legalName: company.legalName,
      url: `${siteUrl}/`,
      foundingDate: "2014",
      address: { "@type": "PostalAddress", postalCode: company.address.postalCode, addressCountry: "GB" },
    });
    expect(org.logo).toEqual({ "@type": "ImageObject", url: `${siteUrl}/logo.png` });
    expect(org.sameAs).toEqual(company.social.map((s) => s.href));
    expect(org.contactPoint).toContainEqual(
      expect.objectContaining({ "@type": "ContactPoint", email: company.email.sales }),
    );
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element and still parses back to the same data", () => {
    const data = { name: "</script><script>alert(1)</script> & more" };
    const out = serializeJsonLd(data);
    expect(out).not.toMatch(/[<>&]/);
    expect(JSON.parse(out)).toEqual(data);
  });
});
