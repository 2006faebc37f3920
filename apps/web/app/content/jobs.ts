/** Career openings. One module drives /careers and every /careers/{slug} page. */
export interface Job {
  slug: string;
  title: string;
  summary: string;
}

export const jobs = [
  {
    slug: "software-engineer",
    title: "Software Engineer Intern",
    summary: "Build and ship web and backend features alongside senior engineers.",
  },
  {
    slug: "ui-ux-designer",
    title: "UI/UX Designer Intern",
    summary: "Research, design and prototype interfaces for client products.",
  },
  {
    slug: "mobile-app-developer-interns",
    title: "Mobile App Developer Intern",
    summary: "Develop cross-platform mobile apps used by our clients' customers.",
  },
] as const satisfies readonly Job[];

export const jobHref = (slug: string) => `/careers/${slug}`;
export const findJob = (slug: string | undefined) => jobs.find((j) => j.slug === slug);
