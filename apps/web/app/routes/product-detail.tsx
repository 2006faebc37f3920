import { findProduct } from "~/content/products";
import type { Route } from "./+types/product-detail";

function load(productId: string | undefined) {
  return { product: findProduct(productId) ?? null };
}

export const loader = ({ params }: Route.LoaderArgs) => load(params.productId);
export const clientLoader = ({ params }: Route.ClientLoaderArgs) => load(params.productId);

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  if (!loaderData.product) return <p className="px-4">Product not found</p>;
  return <h1 className="px-4 text-3xl font-bold">{loaderData.product.name}</h1>;
}
