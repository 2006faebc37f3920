/**
 * Testimonials (spec §3): content/testimonials.yaml. Names are placeholders with first name and
 * initial only, and each is shown with a generic avatar, never a photograph.
 */
export { testimonials } from "@site/content/data/testimonials";
