import { jobs } from "@site/content/data/jobs";
import type { Job } from "@site/content";

/** Career openings: content/jobs.yaml drives /careers and every /careers/{slug} page. */
export { jobs };
export type { Job };

export const jobHref = (slug: string) => `/careers/${slug}`;
export const findJob = (slug: string | undefined) => jobs.find((j) => j.slug === slug);
export const jobLocationText = (job: Pick<Job, "location">) =>
  `${job.location.locality}, ${job.location.country} · ${job.location.arrangement}`;
