import { ContactForm } from "~/components/forms/contact-form";
import { ContactDetails } from "~/components/sections/contact-details";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import { company } from "~/content/company";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact Us",
    description: `Contact ${company.name} about IT consulting, software, hardware or internet services. Message us or call our London office, ${company.hours}.`,
    path: "/contact",
  });

export default function Page() {
  return (
    <Container className="py-12 sm:py-16">
      <SectionHeading
        as="h1"
        align="left"
        eyebrow="Contact"
        title="Contact Us"
        intro="Have a question about our services or a project in mind? Send us a message and our team will reply, or reach us directly using the details below."
      />
      <div className="mt-10 grid gap-10 lg:grid-cols-3 lg:gap-12">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
          <ContactForm />
        </div>
        <ContactDetails />
      </div>
    </Container>
  );
}
