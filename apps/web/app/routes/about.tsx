import { Building2, CheckCircle2 } from "lucide-react";
import { CtaBanner } from "~/components/sections/cta-banner";
import { IconBadge } from "~/components/sections/icons";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { StatsList } from "~/components/sections/stats-list";
import { LinkButton } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { RichText } from "~/components/ui/rich-text";
import { about } from "@site/content/data/about";
import { company } from "@site/content/data/company";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";
import { contentPage } from "~/lib/page-handle";

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "About Us",
    description:
      "Founded in 2014 with offices in Colombo and London, our 50+ IT experts deliver consulting, software, hardware and internet services to businesses worldwide.",
    path: "/about",
  });

export default function About() {
  return (
    <>
      <PageHero eyebrow={about.hero.eyebrow} title={about.hero.title} intro={about.hero.intro} />
      <section aria-labelledby="story-title" className="py-16 sm:py-20">
        <Container className="grid gap-12 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="story-title" className="text-3xl font-bold tracking-tight text-ink">
              {about.story.title}
            </h2>
            <RichText
              text={about.story.text}
              paragraphClassName="mt-4 text-lg leading-relaxed text-slate-700"
            />
          </div>
          <div>
            <h2 className="sr-only">Our company in numbers</h2>
            <StatsList tone="light" />
          </div>
        </Container>
      </section>
      <section aria-label="Mission and vision" className="bg-slate-50 py-16 sm:py-20">
        <Container className="grid gap-6 md:grid-cols-2">
          {[about.mission, about.vision].map((block) => (
            <div key={block.title} className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
              <IconBadge name={block.icon} />
              <h2 className="mt-5 text-2xl font-bold text-ink">{block.title}</h2>
              <p className="mt-3 text-lg text-slate-700">{block.text}</p>
            </div>
          ))}
        </Container>
      </section>
      <Section id="team" eyebrow={about.team.eyebrow} title={about.team.title} intro={about.team.intro}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {about.team.groups.map((g) => (
            <li key={g.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <IconBadge name={g.icon} />
              <h3 className="mt-5 text-lg font-semibold text-ink">{g.title}</h3>
              <p className="mt-2 text-slate-600">{g.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="values" tone="muted" eyebrow={about.values.eyebrow} title={about.values.title}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {about.values.items.map((v) => (
            <li key={v.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <CheckCircle2 aria-hidden="true" className="size-6 text-brand-700" />
              <h3 className="mt-4 text-lg font-semibold text-ink">{v.title}</h3>
              <p className="mt-2 text-slate-600">{v.description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="offices" eyebrow={about.offices.eyebrow} title={about.offices.title}>
        <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          {company.officeLocations.map((o) => (
            <li
              key={o.name}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Building2 aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-ink">
                  {o.locality}, {o.country}
                </h3>
                <p className="mt-1 text-slate-600">{o.role}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBanner title={about.cta.title} text={about.cta.text}>
        <LinkButton to={about.cta.link.href} variant="inverse" className="px-6">
          {about.cta.link.label}
        </LinkButton>
      </CtaBanner>
    </>
  );
}
