import type { z } from "zod";
import { checkbox, group, image, list, select, slug, text } from "./fields";

/** The built-in drawings of the products (apps/web/public/images/products/<name>.svg). */
export const PRODUCT_ILLUSTRATIONS = [
  "ecommerce-platform",
  "shopping-cart-system",
  "pos",
  "stock-management",
  "healthcare-management",
  "warehouse-management",
  "hr-management",
  "library-management",
] as const;

/** products.yaml: the products, in the order the header lists them (spec §2, Header; §3, Product page). */
export const productsSchema = group("Products", {
  products: list(
    "Products",
    group("Product", {
      id: slug("Address", { description: "The page's address: /products/<this>." }),
      name: text("Name", { max: 80 }),
      summary: text("Summary", { description: "The short line in the header's Products menu." }),
      inMobileMenu: checkbox("In the mobile menu", {
        description: "The mobile menu lists seven products: it leaves out the library system (spec).",
      }),
      cta: select("Button", [
        { value: "packages", label: "View Packages (goes to /packages)" },
        { value: "quote", label: "Request a Quote (goes to /quote)" },
      ]),
      headline: text("Headline", { description: "The line under the name on the product's page." }),
      description: text("Description", { multiline: true }),
      features: list("Key features", text("Feature"), { max: 20 }),
      audience: text("Who it is for", { multiline: true }),
      illustration: select(
        "Drawing",
        PRODUCT_ILLUSTRATIONS.map((value) => ({ value, label: value })),
        { description: "The built-in drawing shown on the page when no photo is uploaded." },
      ),
      photo: image("Photo", {
        description: "Optional: PNG, JPEG or WebP, at most 2 MB; replaces the drawing.",
      }),
    }),
    { itemLabel: "name", itemKey: "id", max: 20 },
  ),
});
export type ProductsFile = z.output<typeof productsSchema>;
