import { Island } from "~/components/island";
import { OfferPopup } from "~/components/layout/offer-popup";
import { CtaBanner } from "~/components/sections/cta-banner";
import { HomeHero } from "~/components/sections/home-hero";
import { PackageCard } from "~/components/sections/package-card";
import { ProcessSteps } from "~/components/sections/process-steps";
import { Section } from "~/components/sections/section";
import { ServiceGrid } from "~/components/sections/service-card";
import { TestimonialList } from "~/components/sections/testimonial-list";
import { WhyChooseCarousel } from "~/components/sections/why-choose-carousel";
import { LinkButton, buttonClass } from "~/components/ui/button";
import { home } from "@site/content/data/home";
import { webDevelopmentPackages } from "@site/content/data/packages";
import { services } from "@site/content/data/services";
import { whyChoose } from "@site/content/data/why-choose";
import { pageMeta } from "~/lib/seo";
import { Link } from "~/components/ui/site-link";
import type { Route } from "./+types/home";
import { contentPage } from "~/lib/page-handle";

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "IT Consulting, Software, Hardware and Internet Services",
    description:
      "Enterprise IT consulting, custom software, mobile apps, hardware, CCTV and internet services for businesses in the UK and Sri Lanka. Trusted since 2014.",
    path: "/",
  });

export default function Home() {
  return (
    <>
      <HomeHero />
      <Section
        id="services"
        eyebrow={home.services.eyebrow}
        title={home.services.title}
        intro={home.services.intro}
      >
        <ServiceGrid items={services} />
        <p className="mt-10 text-center">
          <LinkButton to={home.services.more.href}>{home.services.more.label}</LinkButton>
        </p>
      </Section>
      <Section
        id="packages"
        tone="muted"
        eyebrow={home.packages.eyebrow}
        title={home.packages.title}
        intro={home.packages.intro}
      >
        <ul className="grid gap-8 md:grid-cols-3">
          {webDevelopmentPackages.map((p) => (
            <PackageCard
              key={p.title}
              pkg={p}
              category="Web development"
              footer={
                <Link
                  to={home.packages.href}
                  className={buttonClass(p.popular ? "primary" : "secondary", "w-full")}
                >
                  View services<span className="sr-only"> for the {p.title} package</span>
                </Link>
              }
            />
          ))}
        </ul>
      </Section>
      <Section id="why-choose" eyebrow="Why choose us" title={whyChoose.title} intro={whyChoose.intro}>
        <Island name="why-choose" component={WhyChooseCarousel} props={{ labelledBy: "why-choose-title" }} />
      </Section>
      <Section
        id="process"
        tone="muted"
        eyebrow={home.process.eyebrow}
        title={home.process.title}
        intro={home.process.intro}
      >
        <ProcessSteps />
      </Section>
      <Section id="testimonials" eyebrow={home.testimonials.eyebrow} title={home.testimonials.title}>
        <TestimonialList />
      </Section>
      <CtaBanner title={home.cta.title} text={home.cta.text}>
        <LinkButton to={home.cta.primary.href} variant="inverse" className="px-6">
          {home.cta.primary.label}
        </LinkButton>
        <LinkButton
          to={home.cta.secondary.href}
          className="border border-white/70 bg-transparent px-6 text-white hover:bg-white/10"
        >
          {home.cta.secondary.label}
        </LinkButton>
      </CtaBanner>
      <Island name="offer-popup" component={OfferPopup} props={{}} />
    </>
  );
}
