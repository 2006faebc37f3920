import type { z } from "zod";
import { icon, link, sitePath, titled } from "./common";
import { group, list, optionalText, text } from "./fields";

/** home.yaml: the home page's copy, section by section (spec §1, §2 'Home page sections, in order'). */
export const homeSchema = group("Home page", {
  hero: group("Top of the page", {
    eyebrow: text("Small heading above the title"),
    title: text("Title"),
    intro: text("Introduction", { multiline: true }),
    primary: link("First button"),
    secondary: group("Second button", {
      label: text("Text"),
      srSuffix: optionalText("Words added for screen readers", {
        description: "Read after the button's text by screen readers only, e.g. ' about our company'.",
      }),
      href: sitePath("Goes to"),
    }),
  }),
  services: group("Services section", {
    eyebrow: text("Small heading above the title"),
    title: text("Title"),
    intro: text("Introduction", { multiline: true }),
    more: link("Button under the services"),
  }),
  packages: group("Packages section", {
    eyebrow: text("Small heading above the title"),
    title: text("Title"),
    intro: text("Introduction", { multiline: true }),
    href: sitePath("Each package's button goes to"),
  }),
  process: group("How we work section", {
    eyebrow: text("Small heading above the title"),
    title: text("Title"),
    intro: text("Introduction", { multiline: true }),
    steps: list(
      "Steps",
      group("Step", {
        title: text("Title"),
        description: text("Description", { multiline: true }),
        icon: icon(),
      }),
      { itemLabel: "title", max: 12 },
    ),
  }),
  testimonials: titled("Testimonials section"),
  cta: group("Call to action at the bottom", {
    title: text("Title"),
    text: text("Text", { multiline: true }),
    primary: link("First button"),
    secondary: link("Second button"),
  }),
});
export type HomeFile = z.output<typeof homeSchema>;
