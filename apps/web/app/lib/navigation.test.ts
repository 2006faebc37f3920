import { products } from "@site/content/data/products";
import { describe, expect, it } from "vitest";
import {
  footerQuickLinks,
  footerServiceLinks,
  headerLinks,
  mobileMenuLinks,
  productsMenu,
  quoteLink,
  servicesMenu,
} from "./navigation";

describe("the site's navigation (content/navigation.yaml)", () => {
  it("has the spec's header links, menus and button", () => {
    expect([headerLinks.home, ...headerLinks.rest].map((l) => `${l.label} ${l.href}`)).toEqual([
      "Home /",
      "About /about",
      "Careers /careers",
      "Contact /contact",
    ]);
    expect(servicesMenu.map((l) => `${l.label} ${l.href}`)).toEqual([
      "View All Services /services",
      "Our Packages /packages",
    ]);
    expect(quoteLink).toEqual({ label: "Request a Quote", href: "/quote" });
  });

  it("says how many services there are and the lowest prices, from the content", () => {
    expect(servicesMenu.map((l) => l.description)).toEqual([
      "Eight services, from internet and software to CCTV and security.",
      "Web development from £250 and hosting from £2.99 a month.",
    ]);
  });

  it("lists eight products on desktop and seven on mobile, without the library system", () => {
    expect(productsMenu).toHaveLength(8);
    expect(productsMenu.map((p) => p.href)).toEqual(products.map((p) => `/products/${p.id}`));
    const mobile = productsMenu.filter((p) => p.inMobileMenu);
    expect(mobile).toHaveLength(7);
    expect(mobile.map((p) => p.label)).not.toContain("Library Management System");
    expect(mobileMenuLinks.map((l) => l.label)).toEqual(["Home", "Services", "Packages"]);
  });

  it("has the spec's footer columns", () => {
    expect(footerQuickLinks.links.map((l) => `${l.label} ${l.href}`)).toEqual([
      "About Us /about",
      "Services /services",
      "Careers /careers",
      "Quotations /quote",
    ]);
    expect(footerServiceLinks.links).toEqual([
      { label: "Internet Services", href: "/services/internet-services" },
      { label: "Software Solutions", href: "/services/software-solutions" },
      { label: "Mobile Development", href: "/services/mobile-app-development" },
      { label: "Security Solutions", href: "/services/security-solutions" },
    ]);
  });
});
