/**
 * Three fixed testimonials (spec §3). Names are placeholders with first name and initial only,
 * and each is shown with a generic avatar, never a photograph.
 */
export interface Testimonial {
  name: string;
  role: string;
  content: string;
}

export const testimonials = [
  {
    name: "Sarah M.",
    role: "Operations Director, retail business",
    content:
      "They replaced our patchwork of spreadsheets with a stock and point of sales system that our staff picked up in days. Month-end reporting now takes an afternoon instead of a week.",
  },
  {
    name: "Ruwan P.",
    role: "Managing Director, logistics company",
    content:
      "The team took time to understand how our warehouse actually runs before writing any code. Delivery was on schedule, and when we needed changes after go-live they were quick to respond.",
  },
  {
    name: "James T.",
    role: "Practice Manager, healthcare clinic",
    content:
      "From moving our email and website to securing our patient data, we finally have one partner who looks after all of our IT. Clear advice, fair prices and no jargon.",
  },
] as const satisfies readonly Testimonial[];
