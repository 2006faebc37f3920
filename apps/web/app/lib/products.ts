import { products } from "@site/content/data/products";

/**
 * The products' addresses (content/products.yaml, in the order the header lists them). Only the
 * header's data: each product page's copy is in product-pages.ts, so every page's first load stays small.
 */
export const productHref = (id: string) => `/products/${id}`;
export const productIds = products.map((p) => p.id);
export const findProduct = (id: string | undefined) => products.find((p) => p.id === id);
