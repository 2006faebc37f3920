/**
 * The eight products, in the order the header lists them (spec §2, Header). Only what the header,
 * the sitemap and the product links need lives here (it is part of every page's first load); each
 * product page's copy is in product-details.ts.
 */
export interface Product {
  id: string;
  name: string;
  /** Short description for the header's Products dropdown. */
  summary: string;
  /** The mobile menu lists seven products: it omits the library system (spec §2, §9). */
  inMobileMenu: boolean;
  /** 'packages' offers View Packages → /packages; 'quote' offers Request a Quote → /quote. */
  cta: "packages" | "quote";
}

export const products = [
  {
    id: "ecommerce-platform",
    name: "E-commerce Platform",
    summary: "Sell online with a complete, secure storefront.",
    inMobileMenu: true,
    cta: "packages",
  },
  {
    id: "shopping-cart-system",
    name: "Shopping Cart System",
    summary: "Add fast, reliable checkout to your website.",
    inMobileMenu: true,
    cta: "packages",
  },
  {
    id: "pos",
    name: "Point of Sales (POS)",
    summary: "Quick billing, receipts and sales reports.",
    inMobileMenu: true,
    cta: "quote",
  },
  {
    id: "stock-management",
    name: "Stock Management System",
    summary: "Track stock levels, movements and reorders.",
    inMobileMenu: true,
    cta: "quote",
  },
  {
    id: "healthcare-management",
    name: "Health Care Management System",
    summary: "Patients, appointments and records in one place.",
    inMobileMenu: true,
    cta: "quote",
  },
  {
    id: "warehouse-management",
    name: "Warehouse Management System",
    summary: "Receiving, picking and dispatch under control.",
    inMobileMenu: true,
    cta: "quote",
  },
  {
    id: "hr-management",
    name: "HR Management System",
    summary: "Staff records, leave, attendance and payroll.",
    inMobileMenu: true,
    cta: "quote",
  },
  {
    id: "library-management",
    name: "Library Management System",
    summary: "Catalogue, lending and members, simplified.",
    inMobileMenu: false,
    cta: "quote",
  },
] as const satisfies readonly Product[];

export type ProductId = (typeof products)[number]["id"];

export const productHref = (id: string) => `/products/${id}`;
export const productIds = products.map((p) => p.id);
export const findProduct = (id: string | undefined) => products.find((p) => p.id === id);

export const productImage = (id: string) => `/images/products/${id}.svg`;
