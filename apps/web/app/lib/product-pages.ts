import { productPages } from "@site/content/data/product-pages";
import { findProduct } from "./products";

/**
 * Content of each product page (spec §3, Product page): headline, description, key features,
 * audience and image. Kept apart from products.ts so the header's data, loaded on every page, stays small.
 */
export function findProductPage(id: string | undefined) {
  const product = findProduct(id);
  const page = product && productPages[product.id];
  if (!product || !page) return undefined;
  return { ...product, ...page };
}
