import { ContactForm } from "~/components/forms/contact-form";
import { ContactDetails } from "~/components/sections/contact-details";
import { LeadFormPage } from "~/components/sections/lead-form-page";
import { company } from "@site/content/data/company";
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
    <LeadFormPage
      eyebrow="Contact"
      title="Contact Us"
      intro="Have a question about our services or a project in mind? Send us a message and our team will reply, or reach us directly using the details below."
      form={<ContactForm />}
      aside={<ContactDetails />}
    />
  );
}
