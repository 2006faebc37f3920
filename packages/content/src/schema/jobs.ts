import type { z } from "zod";
import { group, list, richText, slug, text } from "./fields";

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

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
      datePosted: text("Date posted", {
        max: 10,
        description: "YYYY-MM-DD, e.g. 2026-11-02.",
        pattern: { regex: DATE, message: "Date posted must be a date written YYYY-MM-DD" },
      }),
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
