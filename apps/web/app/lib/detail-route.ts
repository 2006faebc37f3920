import type { MetaDescriptor } from "react-router";
import { type PageMetaInput, pageMeta } from "./seo";

interface DetailRouteOptions<P extends string, K extends string, T> {
  /** The URL parameter that names the item, e.g. "serviceType". */
  param: P;
  /** The key the item is handed to the page under, e.g. "service". */
  key: K;
  /** Looks the item up in its content module; undefined for an unknown id. */
  find: (id: string | undefined) => T | undefined;
  /** Title, description and canonical path of the page for an unknown id (never indexed). */
  notFound: Omit<PageMetaInput, "noindex" | "jsonLd">;
}

/**
 * What the detail routes over a content module share (/services/:serviceType, /products/:productId,
 * /careers/:jobSlug): `load` serves as both loader (prerendered ids) and clientLoader (any other id,
 * in the browser) and yields the item or null; an unknown id gets `notFoundMeta`, and the route
 * renders the spec's message.
 */
export function detailRoute<P extends string, K extends string, T>({
  param,
  key,
  find,
  notFound,
}: DetailRouteOptions<P, K, T>) {
  const load = ({ params }: { params: Partial<Record<P, string>> }) =>
    ({ [key]: find(params[param]) ?? null }) as Record<K, T | null>;
  const notFoundMeta = (): MetaDescriptor[] => pageMeta({ ...notFound, noindex: true });
  return { load, notFoundMeta };
}
