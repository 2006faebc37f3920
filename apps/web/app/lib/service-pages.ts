import { servicePages } from "@site/content/data/service-pages";
import { findService } from "./services";

/**
 * Content of each service page (spec §3, Service page): subtitle, intro, 'name – description'
 * offerings, closing text and image. Kept apart from services.ts so the card data on the home page
 * stays small.
 */
export function findServicePage(slug: string | undefined) {
  const service = findService(slug);
  const page = service && servicePages[service.slug];
  if (!service || !page) return undefined;
  return { ...service, ...page };
}
