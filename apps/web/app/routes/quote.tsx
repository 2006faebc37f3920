import { QuoteForm } from "~/components/forms/quote-form";
import { LeadFormPage } from "~/components/sections/lead-form-page";
import { QuoteHelp } from "~/components/sections/quote-help";
import { company } from "@site/content/data/company";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Request a Quote",
    description: `Request a free quotation from ${company.name} for software and app development, ERP, hardware, internet, security or CCTV solutions for your business.`,
    path: "/quote",
  });

export default function Page() {
  return (
    <LeadFormPage
      eyebrow="Quotation"
      title="Request a Quote"
      intro="Tell us which service you need and a little about your project. We will review your request and come back to you with a tailored quotation."
      form={<QuoteForm />}
      aside={<QuoteHelp />}
    />
  );
}
