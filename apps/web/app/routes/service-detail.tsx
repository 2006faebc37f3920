import { CheckCircle2 } from "lucide-react";
import { NotFoundPanel } from "~/components/sections/not-found-panel";
import { PageHero } from "~/components/sections/page-hero";
import { DetailBody } from "~/components/sections/detail-body";
import { LinkButton } from "~/components/ui/button";
import { findServicePage } from "~/lib/service-pages";
import { serviceHref } from "~/lib/services";
import { detailRoute } from "~/lib/detail-route";
import { pageMeta } from "~/lib/seo";
import { breadcrumbList, serviceJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/service-detail";
import { contentPage } from "~/lib/page-handle";

const detail = detailRoute({
  param: "serviceType",
  key: "service",
  find: findServicePage,
  notFound: {
    title: "Service not found",
    description:
      "The service you are looking for does not exist. Browse our eight IT services, from internet services and software to CCTV, hardware and security.",
    path: "/services",
  },
});

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

export const loader = ({ params }: Route.LoaderArgs) => detail.load({ params });
export const clientLoader = ({ params }: Route.ClientLoaderArgs) => detail.load({ params });

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const service = loaderData?.service;
  if (!service) return detail.notFoundMeta();
  const path = serviceHref(service.title);
  const description = `${service.subtitle}. ${service.description}`;
  return pageMeta({
    title: service.title,
    description: description.length <= 160 ? description : `${description.slice(0, 157).trimEnd()}…`,
    path,
    jsonLd: [
      serviceJsonLd({
        name: service.title,
        description: service.intro,
        path,
        image: service.image,
        offerings: service.offerings,
      }),
      breadcrumbList([
        { name: "Home", path: "/" },
        { name: "Services", path: "/services" },
        { name: service.title, path },
      ]),
    ],
  });
};

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  if (!service) {
    return <NotFoundPanel message="Service not found." backTo="/services" backLabel="View all services" />;
  }
  const path = serviceHref(service.title);
  return (
    <>
      <PageHero
        breadcrumbs={[
          { name: "Home", path: "/" },
          { name: "Services", path: "/services" },
          { name: service.title, path },
        ]}
        title={service.title}
        intro={service.subtitle}
      >
        <LinkButton to="/quote" variant="inverse">
          Request a Quote
        </LinkButton>
      </PageHero>
      <DetailBody image={{ src: service.image, alt: `Illustration for ${service.title}` }}>
        <p className="text-lg leading-relaxed text-slate-700">{service.intro}</p>
        <h2 className="mt-12 text-2xl font-bold text-ink">What we offer</h2>
        <ul className="mt-6 space-y-5">
          {service.offerings.map((o) => (
            <li key={o.name} className="flex gap-4">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
              <p className="text-slate-700">
                <strong className="font-semibold text-ink">{o.name}</strong> – {o.description}
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-12 rounded-2xl bg-brand-50 p-6 sm:p-8">
          <p className="text-lg text-ink">{service.closing}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <LinkButton to="/quote">Request a Quote</LinkButton>
            <LinkButton to="/services" variant="secondary">
              All services
            </LinkButton>
          </div>
        </div>
      </DetailBody>
    </>
  );
}
