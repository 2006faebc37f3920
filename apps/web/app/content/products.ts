import { products } from "@site/content/data/products";

/**
 * The products, in the order the header lists them (spec §2, Header): content/products.yaml. Only
 * what the header, the sitemap and the product links need is here (it is part of every page's first
 * load); each product page's copy is in product-details.ts.
 */
export { products };

export const productHref = (id: string) => `/products/${id}`;
export const productIds = products.map((p) => p.id);
export const findProduct = (id: string | undefined) => products.find((p) => p.id === id);
