import type { Package } from "@site/content";

/** How a package's price is billed (content/packages.yaml: web development once, hosting monthly). */
export const billingLabel = (billing: Package["billing"]) => (billing === "month" ? "per month" : "one-time");
