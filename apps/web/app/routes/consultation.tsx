import { ConsultationAside } from "~/components/consultation/consultation-aside";
import { ConsultationBooking } from "~/components/consultation/consultation-booking";
import { contactLinkClass } from "~/components/sections/contact-details";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import { company } from "@site/content/data/company";
import { mailto } from "~/lib/company-links";
import { consultation } from "@site/content/data/consultation";
import { pageMeta } from "~/lib/seo";
import { consultationJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/consultation";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: consultation.title,
    description: consultation.description,
    path: "/consultation",
    jsonLd: [
      consultationJsonLd({
        name: consultation.title,
        description: consultation.description,
        path: "/consultation",
      }),
    ],
  });

export default function Page() {
  return (
    <Container className="py-12 sm:py-16">
      <SectionHeading
        as="h1"
        align="left"
        eyebrow={consultation.eyebrow}
        title={consultation.title}
        intro={consultation.intro}
      />
      <div className="mt-10 grid gap-10 lg:grid-cols-3 lg:gap-12">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2 lg:self-start">
          <noscript>
            <p className="text-slate-700">
              {consultation.noscript}{" "}
              <a href={mailto(company.email.sales, "Free consultation")} className={contactLinkClass}>
                {company.email.sales}
              </a>
              ,{" "}
              <a href={`tel:${company.phone.uk.tel}`} className={contactLinkClass}>
                {company.phone.uk.display}
              </a>{" "}
              ({company.hours}).
            </p>
          </noscript>
          <ConsultationBooking />
        </div>
        <ConsultationAside />
      </div>
    </Container>
  );
}
