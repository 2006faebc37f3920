import { navigation } from "@site/content/data/navigation";
import { products } from "@site/content/data/products";
import { services } from "@site/content/data/services";
import { productHref } from "./products";
import { serviceHref } from "./services";

// The header's, the mobile menu's and the footer's links as the layout shows them. Their words and
// destinations are content (content/navigation.yaml, "Menus and footer" in the editor); which links
// there are, and in which order, is the spec's (§2, Header and Footer).

export interface NavLink {
  label: string;
  href: string;
  /** One line under the label, where a menu shows one (the header's Services dropdown). */
  description?: string;
}

const { header, mobileMenu, footer } = navigation;

/** Plain links of the desktop header (the two dropdowns sit between Home and About). */
export const headerLinks = { home: header.home, rest: [header.about, header.careers, header.contact] };

export const servicesMenuLabel = header.services.label;
export const servicesMenu: NavLink[] = [header.services.allServices, header.services.packages];

export const productsMenuLabel = header.products;
export const productsMenu = products.map((p) => ({
  label: p.name,
  description: p.summary,
  href: productHref(p.id),
  inMobileMenu: p.inMobileMenu,
}));

export const quoteLink: NavLink = header.quote;

/** The mobile menu's links above its Products list; below it come the header's About, Careers and Contact. */
export const mobileMenuLinks: NavLink[] = [header.home, mobileMenu.services, mobileMenu.packages];

const { quickLinks } = footer;
/** The footer's Quick Links column (spec §2, Footer): About Us, Services, Careers, Quotations. */
export const footerQuickLinks: { title: string; links: NavLink[] } = {
  title: quickLinks.title,
  links: [quickLinks.about, quickLinks.services, quickLinks.careers, quickLinks.quote],
};

/** The footer's service links (spec §2, Footer), each shown while its service exists. */
export const footerServiceLinks = {
  title: footer.services.title,
  links: footer.services.links
    .filter((link) => services.some((s) => s.title === link.service))
    .map(({ label, service }): NavLink => ({ label, href: serviceHref(service) })),
};

export const privacyLink: NavLink = footer.privacy;
