import { productHref, products } from "./products";
import { serviceHref } from "./services";

export interface NavLink {
  label: string;
  href: string;
  /** One line under the label, where a menu shows one (the header's Services dropdown). */
  description?: string;
}

/** Plain links of the desktop header (the two dropdowns sit between Home and About). */
export const headerLinks = {
  home: { label: "Home", href: "/" },
  rest: [
    { label: "About", href: "/about" },
    { label: "Careers", href: "/careers" },
    { label: "Contact", href: "/contact" },
  ],
} as const;

export const servicesMenu: NavLink[] = [
  {
    label: "View All Services",
    href: "/services",
    description: "Eight services, from internet and software to CCTV and security.",
  },
  {
    label: "Our Packages",
    href: "/packages",
    description: "Web development from £250 and hosting from £2.99 a month.",
  },
];

export const productsMenu = products.map((p) => ({
  label: p.name,
  description: p.summary,
  href: productHref(p.id),
  inMobileMenu: p.inMobileMenu,
}));

export const quoteLink: NavLink = { label: "Request a Quote", href: "/quote" };

export const footerQuickLinks: NavLink[] = [
  { label: "About Us", href: "/about" },
  { label: "Services", href: "/services" },
  { label: "Careers", href: "/careers" },
  { label: "Quotations", href: "/quote" },
];

export const footerServiceLinks: NavLink[] = [
  { label: "Internet Services", href: serviceHref("Internet Services") },
  { label: "Software Solutions", href: serviceHref("Software Solutions") },
  { label: "Mobile Development", href: serviceHref("Mobile App Development") },
  { label: "Security Solutions", href: serviceHref("Security Solutions") },
];
