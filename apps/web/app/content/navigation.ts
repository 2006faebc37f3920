import { menuFacts } from "@site/content/data/menu-facts";
import { productHref, products } from "./products";
import { serviceHref, services } from "./services";

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

const NUMBER_WORDS = [
  "No",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
];
const serviceCount = NUMBER_WORDS[menuFacts.serviceCount] ?? String(menuFacts.serviceCount);

export const servicesMenu: NavLink[] = [
  {
    label: "View All Services",
    href: "/services",
    description: `${serviceCount} services, from internet and software to CCTV and security.`,
  },
  {
    label: "Our Packages",
    href: "/packages",
    description: `Web development from ${menuFacts.lowestPrice.webDevelopment} and hosting from ${menuFacts.lowestPrice.hosting} a month.`,
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

/** The footer's four service links (spec §2, Footer), each shown while its service exists. */
export const footerServiceLinks: NavLink[] = [
  { label: "Internet Services", title: "Internet Services" },
  { label: "Software Solutions", title: "Software Solutions" },
  { label: "Mobile Development", title: "Mobile App Development" },
  { label: "Security Solutions", title: "Security Solutions" },
]
  .filter((link) => services.some((s) => s.title === link.title))
  .map(({ label, title }) => ({ label, href: serviceHref(title) }));
