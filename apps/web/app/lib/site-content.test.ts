import { describe, expect, it } from "vitest";
import { company } from "@site/content/data/company";
import { jobs } from "@site/content/data/jobs";
import { hostingPackages, webDevelopmentPackages } from "@site/content/data/packages";
import { products } from "@site/content/data/products";
import { stats } from "@site/content/data/stats";
import { mailto } from "./company-links";
import { findServicePage } from "./service-pages";
import { findService, serviceSlugs } from "./services";

describe("content modules", () => {
  it("has page content for exactly the eight service slugs of the spec", () => {
    expect(serviceSlugs).toEqual([
      "internet-services",
      "software-solutions",
      "mobile-app-development",
      "web-app-development",
      "erp-consultation",
      "cctv-&-surveillance-solutions",
      "hardware-solutions",
      "security-solutions",
    ]);
    for (const slug of serviceSlugs) expect(findServicePage(slug)?.offerings.length).toBeGreaterThan(0);
  });

  it("finds the '&' service from its raw and percent-encoded slug, and nothing for unknown ones", () => {
    expect(findService("cctv-&-surveillance-solutions")?.title).toBe("CCTV & Surveillance Solutions");
    expect(findService("cctv-%26-surveillance-solutions")?.title).toBe("CCTV & Surveillance Solutions");
    expect(findService("nope")).toBeUndefined();
    expect(findService("%E0%A4%A")).toBeUndefined();
  });

  it("keeps the spec's product ids and call to action", () => {
    expect(products.map((p) => p.id)).toEqual([
      "ecommerce-platform",
      "shopping-cart-system",
      "pos",
      "stock-management",
      "healthcare-management",
      "warehouse-management",
      "hr-management",
      "library-management",
    ]);
    expect(products.filter((p) => p.cta === "packages").map((p) => p.id)).toEqual([
      "ecommerce-platform",
      "shopping-cart-system",
    ]);
  });

  it("prices the packages as the spec says, with only Standard web development flagged popular", () => {
    expect(webDevelopmentPackages.map((p) => p.price)).toEqual(["£250", "£500", "£1000"]);
    expect(hostingPackages.map((p) => p.price)).toEqual(["£2.99", "£6.99", "£14.99"]);
    expect(webDevelopmentPackages.filter((p) => p.popular).map((p) => p.title)).toEqual(["Standard"]);
    expect(hostingPackages.filter((p) => p.popular)).toEqual([]);
  });

  it("has three intern openings with the spec's slugs, located at the Colombo office", () => {
    expect(jobs.map((j) => j.slug)).toEqual([
      "software-engineer",
      "ui-ux-designer",
      "mobile-app-developer-interns",
    ]);
    for (const j of jobs) {
      expect(j.employmentType).toBe("INTERN");
      expect(j.location.locality).toBe(company.officeLocations[0]?.locality);
    }
    expect(mailto(company.email.careers, "Application: UI/UX Designer Intern")).toBe(
      "mailto:careers@example.com?subject=Application%3A%20UI%2FUX%20Designer%20Intern",
    );
  });

  it("states the spec's four statistics", () => {
    expect(stats.map((s) => `${s.value} ${s.label}`)).toEqual([
      "50+ Clients Worldwide",
      "50+ IT Experts",
      "100+ Projects Completed",
      "99% Client Satisfaction",
    ]);
  });
});
