import type { Package } from "@site/content";

/** Web development and hosting packages (spec §9): content/packages.yaml feeds /packages and the home page. */
export { hostingPackages, webDevelopmentPackages } from "@site/content/data/packages";
export type { Package };

export const billingLabel = (billing: Package["billing"]) => (billing === "month" ? "per month" : "one-time");
