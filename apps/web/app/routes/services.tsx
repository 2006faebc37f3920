import { CtaBanner } from "~/components/sections/cta-banner";
import { PageHero } from "~/components/sections/page-hero";
import { ServiceGrid } from "~/components/sections/service-card";
import { LinkButton } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { services } from "@site/content/data/services";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/services";
import { contentPage } from "~/lib/page-handle";

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Our Services",
    description:
      "Internet services, custom software, mobile and web apps, ERP consultation, CCTV, hardware and cyber security: eight IT services from one accountable team.",
    path: "/services",
  });

export default function Services() {
  return (
    <>
      <PageHero
        eyebrow="Our Services"
        title="IT services that keep your business moving"
        intro="From your domain name and email to custom software, surveillance and security, choose the services you need and work with one team that understands how they fit together."
      >
        <LinkButton to="/packages" variant="inverse">
          See our packages
        </LinkButton>
      </PageHero>
      <section aria-label="All services" className="bg-slate-50 py-16 sm:py-20">
        <Container>
          <ServiceGrid items={services} headingLevel="h2" />
        </Container>
      </section>
      <CtaBanner
        title="Not sure which service you need?"
        text="Describe what you are trying to achieve and we will recommend the right combination of services, with a clear quotation."
      >
        <LinkButton to="/quote" variant="inverse">
          Request a Quote
        </LinkButton>
        <LinkButton
          to="/contact"
          className="border border-white/70 bg-transparent text-white hover:bg-white/10"
        >
          Talk to us
        </LinkButton>
      </CtaBanner>
    </>
  );
}
