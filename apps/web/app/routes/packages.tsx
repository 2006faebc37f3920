import { PackageCard } from "~/components/sections/package-card";
import { PageHero } from "~/components/sections/page-hero";
import { buttonClass } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";
import { hostingPackages, webDevelopmentPackages } from "@site/content/data/packages";
import { pageMeta } from "~/lib/seo";
import { packagesJsonLd } from "~/lib/structured-data";
import { Link } from "~/components/ui/site-link";
import type { Route } from "./+types/packages";
import { contentPage } from "~/lib/page-handle";

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

/** The web packages' section background (spec §3's asset): the page's largest paint. */
const packagesBackground = "/images/bg-images/packages-bg.jpeg";

/**
 * The largest paint is that section's background, a CSS image the browser finds only once it lays the
 * section out: preloaded, it is fetched with the page instead (docs/performance.md, issue 34).
 */
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "image", href: packagesBackground, fetchPriority: "high" },
];

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Web Development and Hosting Packages",
    description:
      "Fixed-price websites from £250 one-time and web hosting from £2.99 per month. Compare our Basic, Standard and Premium web development and hosting packages.",
    path: "/packages",
    jsonLd: [
      packagesJsonLd(
        [
          { name: "Web development", packages: webDevelopmentPackages },
          { name: "Web hosting", packages: hostingPackages },
        ],
        "/packages",
      ),
    ],
  });

export default function Packages() {
  return (
    <>
      <PageHero
        eyebrow="Our Packages"
        title="Web development and hosting packages"
        intro="Transparent prices in pounds sterling: a one-time fee for your website and a simple monthly plan to keep it online."
      />
      <section
        aria-labelledby="web-packages-title"
        className="relative bg-brand-800 bg-cover bg-center py-16 sm:py-20"
        style={{ backgroundImage: `url(${packagesBackground})` }}
      >
        <div aria-hidden="true" className="absolute inset-0 bg-slate-950/55" />
        <Container className="relative">
          <div className="mx-auto max-w-3xl text-center text-white">
            <p className="text-sm font-semibold uppercase tracking-wider text-blue-100">One-time price</p>
            <h2 id="web-packages-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              Web Development Packages
            </h2>
            <p className="mt-4 text-lg text-blue-50">
              Every website is responsive, fast and built with search engines in mind.
            </p>
          </div>
          <ul className="mt-14 grid gap-8 md:grid-cols-3">
            {webDevelopmentPackages.map((p) => (
              <PackageCard
                key={p.title}
                pkg={p}
                category="Web development"
                footer={
                  <Link to="/quote" className={buttonClass(p.popular ? "primary" : "secondary", "w-full")}>
                    Request a Quote<span className="sr-only"> for the {p.title} web development package</span>
                  </Link>
                }
              />
            ))}
          </ul>
        </Container>
      </section>
      <section aria-labelledby="hosting-title" className="bg-slate-50 py-16 sm:py-20">
        <Container>
          <SectionHeading
            id="hosting-title"
            eyebrow="Billed monthly"
            title="Web Hosting Packages"
            intro="Simple monthly plans for your website and domains. Move up a plan whenever your site grows."
          />
          <ul className="mt-14 grid gap-8 md:grid-cols-3">
            {hostingPackages.map((p) => (
              <PackageCard
                key={p.title}
                pkg={p}
                category="Web hosting"
                footer={
                  <Link to="/contact" className={buttonClass("secondary", "w-full")}>
                    Get started<span className="sr-only"> with {p.title} hosting</span>
                  </Link>
                }
              />
            ))}
          </ul>
          <p className="mx-auto mt-12 max-w-2xl text-center text-slate-600">
            Need something different, such as a larger online shop or a web application?{" "}
            <Link to="/services" className="font-semibold text-brand-700 underline underline-offset-4">
              Explore our services
            </Link>{" "}
            or{" "}
            <Link to="/quote" className="font-semibold text-brand-700 underline underline-offset-4">
              request a tailored quote
            </Link>
            .
          </p>
        </Container>
      </section>
    </>
  );
}
