import { Container } from "~/components/ui/container";
import { LinkButton } from "~/components/ui/button";
import { home } from "@site/content/data/home";
import { StatsList } from "./stats-list";

export function HomeHero() {
  const { hero } = home;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-brand-800 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_80%_10%,rgba(96,165,250,0.4),transparent_45%),radial-gradient(circle_at_0%_100%,rgba(30,64,175,0.95),transparent_55%)]"
      />
      <Container className="relative py-16 sm:py-24 lg:py-28">
        <p className="text-sm font-semibold uppercase tracking-wider text-blue-200">{hero.eyebrow}</p>
        <h1
          id="hero-title"
          className="mt-3 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {hero.title}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-blue-50 sm:text-xl">{hero.intro}</p>
        <div className="mt-9 flex flex-wrap gap-3">
          <LinkButton to={hero.primary.href} variant="inverse" className="px-6 text-base">
            {hero.primary.label}
          </LinkButton>
          <LinkButton
            to={hero.secondary.href}
            className="border border-white/60 bg-transparent px-6 text-base text-white hover:bg-white/10"
          >
            {hero.secondary.label}
            {hero.secondary.srSuffix && <span className="sr-only">{` ${hero.secondary.srSuffix}`}</span>}
          </LinkButton>
        </div>
        <div className="mt-14">
          <h2 className="sr-only">Our company in numbers</h2>
          <StatsList />
        </div>
      </Container>
    </section>
  );
}
