import { CheckCircle2, MapPin } from "lucide-react";
import { NotFoundPanel } from "~/components/sections/not-found-panel";
import { PageHero } from "~/components/sections/page-hero";
import { buttonClass } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { RichText } from "~/components/ui/rich-text";
import { company } from "@site/content/data/company";
import { mailto } from "~/lib/company-links";
import { findJob, jobHref, jobLocationText } from "~/lib/jobs";
import { detailRoute } from "~/lib/detail-route";
import { pageMeta } from "~/lib/seo";
import { breadcrumbList, jobPostingJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/job-detail";
import { contentPage } from "~/lib/page-handle";

const detail = detailRoute({
  param: "jobSlug",
  key: "job",
  find: findJob,
  notFound: {
    title: "Job not found",
    description:
      "This opening is no longer available or the address is wrong. See our current internships in software engineering, UI/UX design and mobile apps.",
    path: "/careers",
  },
});

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

export const loader = ({ params }: Route.LoaderArgs) => detail.load({ params });
export const clientLoader = ({ params }: Route.ClientLoaderArgs) => detail.load({ params });

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const job = loaderData?.job;
  if (!job) return detail.notFoundMeta();
  const path = jobHref(job.slug);
  return pageMeta({
    title: `${job.title} (Colombo, hybrid)`,
    description: `${job.title} in ${job.location.locality}, ${job.location.country}: ${job.summary.replace(/\.$/, "").toLowerCase()}, mentored on live client projects.`,
    path,
    jsonLd: [
      jobPostingJsonLd(job, path),
      breadcrumbList([
        { name: "Home", path: "/" },
        { name: "Careers", path: "/careers" },
        { name: job.title, path },
      ]),
    ],
  });
};

function List({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <>
      <h2 className="mt-12 text-2xl font-bold text-ink">{title}</h2>
      <ul className="mt-5 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-slate-700">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {item}
          </li>
        ))}
      </ul>
    </>
  );
}

export default function JobDetail({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData;
  if (!job) {
    return <NotFoundPanel message="Job not found" backTo="/careers" backLabel="See current openings" />;
  }
  const path = jobHref(job.slug);
  const apply = mailto(company.email.careers, `Application: ${job.title}`);
  return (
    <>
      <PageHero
        breadcrumbs={[
          { name: "Home", path: "/" },
          { name: "Careers", path: "/careers" },
          { name: job.title, path },
        ]}
        eyebrow={`${job.team} · Internship`}
        title={job.title}
        intro={job.summary}
      >
        <a href={apply} className={buttonClass("inverse")}>
          Apply Now
        </a>
      </PageHero>
      <section className="py-16 sm:py-20">
        <Container className="grid items-start gap-12 lg:grid-cols-[1fr_20rem]">
          <div>
            <h2 className="text-2xl font-bold text-ink">About the role</h2>
            <RichText
              text={job.description}
              paragraphClassName="mt-4 text-lg leading-relaxed text-slate-700"
            />
            <List title="Responsibilities" items={job.responsibilities} />
            <List title="Requirements" items={job.requirements} />
            <List title="What you'll learn" items={job.learn} />
          </div>
          <aside
            aria-label="Role summary"
            className="rounded-2xl border border-slate-200 bg-slate-50 p-6 lg:sticky lg:top-24"
          >
            <dl className="space-y-4 text-sm">
              <div>
                <dt className="font-semibold text-ink">Location</dt>
                <dd className="mt-1 flex items-start gap-2 text-slate-700">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {jobLocationText(job)}
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-ink">Type</dt>
                <dd className="mt-1 text-slate-700">Internship</dd>
              </div>
              <div>
                <dt className="font-semibold text-ink">Team</dt>
                <dd className="mt-1 text-slate-700">{job.team}</dd>
              </div>
            </dl>
            <a href={apply} className={buttonClass("primary", "mt-6 w-full")}>
              Apply Now<span className="sr-only"> for {job.title}</span>
            </a>
            <p className="mt-3 text-center text-sm text-slate-600">
              Or e-mail your CV to{" "}
              <a href={apply} className="font-medium text-brand-700 underline underline-offset-4">
                {company.email.careers}
              </a>
            </p>
          </aside>
        </Container>
      </section>
    </>
  );
}
