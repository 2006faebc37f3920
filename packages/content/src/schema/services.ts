import type { z } from "zod";
import { icon } from "./common";
import { group, image, list, select, text } from "./fields";

/** The built-in drawings of the services (apps/web/public/images/services/<name>.svg). */
export const SERVICE_ILLUSTRATIONS = [
  "internet-services",
  "software-solutions",
  "mobile-app-development",
  "web-app-development",
  "erp-consultation",
  "cctv-surveillance-solutions",
  "hardware-solutions",
  "security-solutions",
] as const;

/**
 * services.yaml: the services, in the order the site lists them. A service's address is its title in
 * lower case with spaces replaced by hyphens (spec §2), so renaming one moves its page.
 */
export const servicesSchema = group("Services", {
  services: list(
    "Services",
    group("Service", {
      title: text("Title", {
        max: 80,
        description: "Its page is /services/<title in lower case, spaces as hyphens>.",
      }),
      description: text("Card text", { multiline: true, description: "One sentence for the service cards." }),
      icon: icon(),
      subtitle: text("Subtitle", { description: "The line under the title on the service's page." }),
      intro: text("Introduction", { multiline: true }),
      offerings: list(
        "What we offer",
        group("Offering", { name: text("Name"), description: text("Description", { multiline: true }) }),
        { itemLabel: "name", max: 12 },
      ),
      closing: text("Closing text", { multiline: true }),
      illustration: select(
        "Drawing",
        SERVICE_ILLUSTRATIONS.map((value) => ({ value, label: value })),
        { description: "The built-in drawing shown on the page when no photo is uploaded." },
      ),
      photo: image("Photo", {
        description: "Optional: PNG, JPEG or WebP, at most 2 MB; replaces the drawing.",
      }),
    }),
    { itemLabel: "title", max: 20 },
  ),
});
export type ServicesFile = z.output<typeof servicesSchema>;
