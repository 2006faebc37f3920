import { serviceSlug } from "@site/content/paths";
import { services } from "@site/content/data/services";

/** A service as its cards show it (content/services.yaml). */
export type Service = (typeof services)[number];

/** Path of a service page. The slug of one service contains '&', which is kept as the spec says. */
export const serviceHref = (title: string) => `/services/${serviceSlug(title)}`;
export const serviceSlugs = services.map((s) => s.slug);
/** Accepts the raw slug and its URL-encoded form (e.g. 'cctv-%26-surveillance-solutions'). */
export const findService = (slug: string | undefined) => {
  if (!slug) return undefined;
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // keep the raw value
  }
  return services.find((s) => s.slug === decoded);
};
