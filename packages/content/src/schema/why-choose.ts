import type { z } from "zod";
import { icon } from "./common";
import { group, list, text } from "./fields";

/** why-choose.yaml: the home page's 'Why choose' carousel. */
export const whyChooseSchema = group("Why choose us", {
  title: text("Title"),
  intro: text("Introduction", { multiline: true }),
  reasons: list(
    "Slides",
    group("Slide", {
      title: text("Title"),
      description: text("Description", { multiline: true }),
      icon: icon(),
    }),
    { itemLabel: "title", max: 12 },
  ),
});
export type WhyChooseFile = z.output<typeof whyChooseSchema>;
