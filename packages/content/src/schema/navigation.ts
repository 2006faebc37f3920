import type { z } from "zod";
import { link, sitePath } from "./common";
import { group, list, text } from "./fields";

/** A link of a menu that shows a line under its text (the header's Services menu). */
const menuLink = (label: string) =>
  group(label, {
    label: text("Text", { max: 60 }),
    href: sitePath("Goes to"),
    description: text("Line under it", {
      max: 160,
      description:
        "Can say {services.count} (the number of services, in words) and {packages.webDevelopment.lowestPrice} or {packages.hosting.lowestPrice}.",
    }),
  });

/**
 * navigation.yaml: the words of the header, the mobile menu and the footer's link columns (spec §2,
 * Header and Footer). Which links there are is fixed by the spec; their words and destinations are
 * content. The Products menu lists the products (products.yaml), the mobile one those marked for it.
 */
export const navigationSchema = group("Menus and footer", {
  header: group("Header", {
    home: link("Home link"),
    services: group("Services menu", {
      label: text("Menu button", { max: 40 }),
      allServices: menuLink("First link"),
      packages: menuLink("Second link"),
    }),
    products: text("Products menu button", {
      max: 40,
      description: "The menu lists the products (Lists › Products) in their order.",
    }),
    about: link("About link"),
    careers: link("Careers link"),
    contact: link("Contact link"),
    quote: link("Quote button"),
  }),
  mobileMenu: group("Mobile menu", {
    services: link("Services link"),
    packages: link("Packages link"),
  }),
  footer: group("Footer", {
    quickLinks: group("Quick links column", {
      title: text("Heading", { max: 40 }),
      about: link("First link"),
      services: link("Second link"),
      careers: link("Third link"),
      quote: link("Fourth link"),
    }),
    services: group("Services column", {
      title: text("Heading", { max: 40 }),
      links: list(
        "Links",
        group("Link", {
          label: text("Text", { max: 60 }),
          service: text("Service", {
            max: 80,
            description:
              "The service's title, as on Lists › Services: the link goes to its page. A link whose service no longer exists is left out.",
          }),
        }),
        { itemLabel: "label", max: 4 },
      ),
    }),
    privacy: link("Privacy notice link"),
  }),
});
export type NavigationFile = z.output<typeof navigationSchema>;
