import type { ReactNode } from "react";
import { Link } from "~/components/ui/site-link";
import { Container } from "~/components/ui/container";
import type { Crumb } from "~/lib/structured-data";

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  intro?: string;
  /** Trail shown above the title on nested pages; the last crumb is the current page. */
  breadcrumbs?: readonly Crumb[];
  children?: ReactNode;
}

/** Dark blue banner at the top of every inner page, holding the page's h1. */
export function PageHero({ eyebrow, title, intro, breadcrumbs, children }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-brand-800 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_85%_15%,rgba(96,165,250,0.35),transparent_45%),radial-gradient(circle_at_10%_90%,rgba(30,64,175,0.9),transparent_50%)]"
      />
      <Container className="relative py-14 sm:py-20">
        {breadcrumbs && (
          <nav aria-label="Breadcrumb" className="mb-6 text-sm">
            <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-blue-100">
              {breadcrumbs.map((crumb, i) => {
                const last = i === breadcrumbs.length - 1;
                return (
                  <li key={crumb.path} className="flex items-center gap-2">
                    {last ? (
                      <span aria-current="page" className="font-medium text-white">
                        {crumb.name}
                      </span>
                    ) : (
                      <>
                        <Link
                          to={crumb.path}
                          className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                        >
                          {crumb.name}
                        </Link>
                        <span aria-hidden="true">/</span>
                      </>
                    )}
                  </li>
                );
              })}
            </ol>
          </nav>
        )}
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-blue-200">{eyebrow}</p>}
        <h1 className="mt-2 max-w-4xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {intro && <p className="mt-5 max-w-3xl text-lg text-blue-50">{intro}</p>}
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </Container>
    </section>
  );
}
