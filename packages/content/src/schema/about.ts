import type { z } from "zod";
import { heading, icon, link, titled } from "./common";
import { group, list, richText, text } from "./fields";

const card = (label: string) =>
  group(label, { title: text("Title"), text: text("Text", { multiline: true }), icon: icon() });

/** about.yaml: the About page. Teams are described by role; no named individuals. */
export const aboutSchema = group("About page", {
  hero: heading("Top of the page"),
  story: group("Our story", {
    title: text("Title"),
    text: richText("Story", { description: "Paragraphs separated by an empty line." }),
  }),
  mission: card("Mission"),
  vision: card("Vision"),
  team: group("Team section", {
    eyebrow: text("Small heading above the title"),
    title: text("Title"),
    intro: text("Introduction", { multiline: true }),
    groups: list(
      "Teams",
      group("Team", {
        title: text("Name"),
        description: text("Description", { multiline: true }),
        icon: icon(),
      }),
      { itemLabel: "title" },
    ),
  }),
  values: group("Values section", {
    eyebrow: text("Small heading above the title"),
    title: text("Title"),
    items: list(
      "Values",
      group("Value", { title: text("Value"), description: text("Description", { multiline: true }) }),
      { itemLabel: "title" },
    ),
  }),
  offices: titled("Offices section"),
  cta: group("Call to action at the bottom", {
    title: text("Title"),
    text: text("Text", { multiline: true }),
    link: link("Button"),
  }),
});
export type AboutFile = z.output<typeof aboutSchema>;
