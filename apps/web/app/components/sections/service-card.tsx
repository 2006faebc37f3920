import { ArrowRight } from "lucide-react";
import { Link } from "~/components/ui/site-link";
import { type Service, serviceHref } from "~/lib/services";
import { IconBadge } from "./icons";

function ServiceCard({ service, headingLevel = "h3" }: { service: Service; headingLevel?: "h2" | "h3" }) {
  const H = headingLevel;
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <IconBadge name={service.icon} />
      <H className="mt-5 text-lg font-semibold text-ink">{service.title}</H>
      <p className="mt-2 flex-1 text-slate-600">{service.description}</p>
      <Link
        to={serviceHref(service.title)}
        className="mt-5 inline-flex min-h-6 items-center gap-1.5 self-start rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Learn More<span className="sr-only"> about {service.title}</span>
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </li>
  );
}

export function ServiceGrid({
  items,
  headingLevel,
}: {
  items: readonly Service[];
  headingLevel?: "h2" | "h3";
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((s) => (
        <ServiceCard key={s.title} service={s} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
