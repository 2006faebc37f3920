import { Mail, Phone } from "lucide-react";
import { QuoteForm } from "~/components/forms/quote-form";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import { company, mailto } from "~/content/company";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Request a Quote",
    description: `Request a free quotation from ${company.name} for software and app development, ERP, hardware, internet, security or CCTV solutions for your business.`,
    path: "/quote",
  });

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

export default function Page() {
  return (
    <Container className="py-12 sm:py-16">
      <SectionHeading
        as="h1"
        align="left"
        eyebrow="Quotation"
        title="Request a Quote"
        intro="Tell us which service you need and a little about your project. We will review your request and come back to you with a tailored quotation."
      />
      <div className="mt-10 grid gap-10 lg:grid-cols-3 lg:gap-12">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
          <QuoteForm />
        </div>
        <aside
          aria-labelledby="quote-help-title"
          className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
        >
          <h2 id="quote-help-title" className="text-xl font-semibold text-ink">
            Prefer to talk it through?
          </h2>
          <p className="mt-3 text-slate-700">Our team is available {company.hours}.</p>
          <ul className="mt-5 space-y-3">
            <li className="flex items-center gap-3">
              <Phone aria-hidden="true" className="size-4 text-brand-700" />
              <a href={`tel:${company.phone.uk.tel}`} className={linkClass}>
                {company.phone.uk.display}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Mail aria-hidden="true" className="size-4 text-brand-700" />
              <a href={mailto(company.email.sales, "Quotation enquiry")} className={linkClass}>
                {company.email.sales}
              </a>
            </li>
          </ul>
        </aside>
      </div>
    </Container>
  );
}
