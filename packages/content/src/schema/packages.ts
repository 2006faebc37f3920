import type { z } from "zod";
import { amount, checkbox, group, list, text } from "./fields";

const pkg = (label: string, priceLabel: string) =>
  group(label, {
    title: text("Name", { max: 60 }),
    amount: amount(priceLabel),
    summary: text("Summary", { multiline: true }),
    features: list("Features", text("Feature"), { max: 20 }),
    popular: checkbox("Most popular", { description: "Highlights the package with a 'Most Popular' badge." }),
  });

/** packages.yaml: the web development packages (one-time prices) and hosting plans (per month), spec §9. */
export const packagesSchema = group("Packages", {
  webDevelopment: list(
    "Web development packages",
    pkg("Web development package", "Price in pounds (one-time)"),
    {
      itemLabel: "title",
      max: 6,
    },
  ),
  hosting: list("Hosting packages", pkg("Hosting package", "Price in pounds per month"), {
    itemLabel: "title",
    max: 6,
  }),
});
export type PackagesFile = z.output<typeof packagesSchema>;
