import type { Job } from "@site/content";
import { jobs } from "@site/content/data/jobs";

/** Career openings (content/jobs.yaml): /careers and every /careers/{slug} page. */
export const jobHref = (slug: string) => `/careers/${slug}`;
export const findJob = (slug: string | undefined) => jobs.find((j) => j.slug === slug);
export const jobLocationText = (job: Pick<Job, "location">) =>
  `${job.location.locality}, ${job.location.country} · ${job.location.arrangement}`;
