import { Check } from "lucide-react";
import type { ReactNode } from "react";
import type { Package } from "@site/content";
import { billingLabel } from "~/lib/packages";

interface PackageCardProps {
  pkg: Package;
  /** Category shown before the title for screen readers, e.g. 'Web development'. */
  category: string;
  footer?: ReactNode;
}

export function PackageCard({ pkg, category, footer }: PackageCardProps) {
  const ring = pkg.popular ? "border-brand-700 ring-2 ring-brand-700" : "border-slate-200";
  return (
    <li className={`relative flex flex-col rounded-2xl border bg-white p-7 shadow-sm ${ring}`}>
      {pkg.popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
          Most Popular
        </p>
      )}
      <h3 className="text-xl font-semibold text-ink">
        <span className="sr-only">{category}: </span>
        {pkg.title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{pkg.summary}</p>
      <p className="mt-5 flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight text-ink">{pkg.price}</span>
        <span className="text-sm font-medium text-slate-600">{billingLabel(pkg.billing)}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3">
        {pkg.features.map((f) => (
          <li key={f} className="flex gap-3 text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {f}
          </li>
        ))}
      </ul>
      {footer && <div className="mt-7">{footer}</div>}
    </li>
  );
}
