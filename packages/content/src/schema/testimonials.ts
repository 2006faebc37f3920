import type { z } from "zod";
import { group, list, text } from "./fields";

/**
 * testimonials.yaml: what clients say (spec §3). First name and initial only; each is shown with a
 * generic avatar, never a photograph.
 */
export const testimonialsSchema = group("Testimonials", {
  testimonials: list(
    "Testimonials",
    group("Testimonial", {
      name: text("Name", { max: 60, description: "First name and initial only, e.g. Sarah M." }),
      role: text("Role and organisation"),
      content: text("What they said", { multiline: true }),
    }),
    { itemLabel: "name", max: 12 },
  ),
});
export type TestimonialsFile = z.output<typeof testimonialsSchema>;
