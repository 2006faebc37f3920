import type { ReactNode } from "react";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";

interface LeadFormPageProps {
  eyebrow: string;
  title: string;
  intro: string;
  /** The lead form, shown on a card over two thirds of a wide screen. */
  form: ReactNode;
  /** The panel beside the form (below it on narrow screens). */
  aside: ReactNode;
}

/** The page around a lead form (Contact, Quote): the page heading, the form card and a side panel. */
export function LeadFormPage({ eyebrow, title, intro, form, aside }: LeadFormPageProps) {
  return (
    <Container className="py-12 sm:py-16">
      <SectionHeading as="h1" align="left" eyebrow={eyebrow} title={title} intro={intro} />
      <div className="mt-10 grid gap-10 lg:grid-cols-3 lg:gap-12">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
          {form}
        </div>
        {aside}
      </div>
    </Container>
  );
}
