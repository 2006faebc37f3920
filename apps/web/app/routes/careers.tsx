import { ArrowRight, Mail, MapPin } from "lucide-react";
import { Link } from "~/components/ui/site-link";
import { PageHero } from "~/components/sections/page-hero";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import { company } from "@site/content/data/company";
import { mailto } from "~/lib/company-links";
import { jobHref, jobLocationText } from "~/lib/jobs";
import { jobs } from "@site/content/data/jobs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/careers";
import { contentPage } from "~/lib/page-handle";

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Careers and Internships",
    description:
      "Join our team in Colombo: internships for software engineers, UI/UX designers and mobile app developers, working on real client projects with mentors.",
    path: "/careers",
  });

export default function Careers() {
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Build your career with us"
        intro="Work on real projects for businesses in Sri Lanka and the UK, learn from experienced engineers and designers, and grow with a team that has been delivering technology since 2014."
      />
      <section aria-labelledby="openings-title" className="py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="openings-title"
            eyebrow="Current openings"
            title="Internships"
            intro="Each internship pairs you with a mentor and a live client project."
          />
          <ul className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-3">
            {jobs.map((job) => (
              <li
                key={job.slug}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <p className="text-sm font-semibold text-brand-700">{job.team}</p>
                <h3 className="mt-2 text-lg font-semibold text-ink">{job.title}</h3>
                <p className="mt-2 flex-1 text-slate-600">{job.summary}</p>
                <p className="mt-4 flex items-start gap-2 text-sm text-slate-600">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {jobLocationText(job)}
                </p>
                <Link
                  to={jobHref(job.slug)}
                  className="mt-5 inline-flex items-center gap-1.5 self-start rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  View role<span className="sr-only">: {job.title}</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
          <div className="mx-auto mt-14 max-w-3xl rounded-2xl bg-brand-50 p-8 text-center">
            <Mail aria-hidden="true" className="mx-auto size-8 text-brand-700" />
            <h2 className="mt-3 text-xl font-semibold text-ink">Don't see the right role?</h2>
            <p className="mt-2 text-slate-700">
              Send your CV and a short note about what you would like to work on to{" "}
              <a
                href={mailto(company.email.careers, "Career enquiry")}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                {company.email.careers}
              </a>
              .
            </p>
          </div>
        </Container>
      </section>
    </>
  );
}
