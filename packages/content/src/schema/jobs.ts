import type { z } from "zod";
import { isoDate } from "./common";
import { group, list, richText, slug, text } from "./fields";

/** jobs.yaml: the openings. Each one is a page, /careers/<address>, listed on /careers. */
export const jobsSchema = group("Jobs", {
  openings: list(
    "Openings",
    group("Opening", {
      slug: slug("Address", {
        description: "The page's address: /careers/<this>. Changing it moves the page.",
      }),
      title: text("Title", { max: 100 }),
      summary: text("Summary", { multiline: true, description: "One sentence for the careers page." }),
      team: text("Team", { max: 60 }),
      datePosted: isoDate("Date posted"),
      office: text("Office", {
        max: 60,
        description: "The name of one of the company's office locations, e.g. Colombo.",
      }),
      arrangement: text("Working arrangement", { max: 80, description: "e.g. Hybrid (office and remote)." }),
      description: richText("About the role", { description: "Paragraphs separated by an empty line." }),
      responsibilities: list("Responsibilities", text("Responsibility", { multiline: true }), { max: 20 }),
      requirements: list("Requirements", text("Requirement", { multiline: true }), { max: 20 }),
      learn: list("What you'll learn", text("Item", { multiline: true }), { max: 20 }),
    }),
    { itemLabel: "title", itemKey: "slug", min: 0 },
  ),
});
export type JobsFile = z.output<typeof jobsSchema>;
