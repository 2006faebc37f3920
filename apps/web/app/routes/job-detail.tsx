import { findJob } from "~/content/jobs";
import type { Route } from "./+types/job-detail";

function load(slug: string | undefined) {
  return { job: findJob(slug) ?? null };
}

export const loader = ({ params }: Route.LoaderArgs) => load(params.jobSlug);
export const clientLoader = ({ params }: Route.ClientLoaderArgs) => load(params.jobSlug);

export default function JobDetail({ loaderData }: Route.ComponentProps) {
  if (!loaderData.job) return <p className="px-4">Job not found</p>;
  return <h1 className="px-4 text-3xl font-bold">{loaderData.job.title}</h1>;
}
