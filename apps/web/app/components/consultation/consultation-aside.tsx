import { CircleCheck } from "lucide-react";
import { contactLinkClass } from "~/components/sections/contact-details";
import { company } from "@site/content/data/company";
import { mailto } from "~/lib/company-links";
import { consultation } from "@site/content/data/consultation";

/** What the call is, and (without JavaScript) how to arrange one by e-mail or phone. */
export function ConsultationAside() {
  return (
    <aside
      aria-labelledby="expect-title"
      className="h-fit space-y-6 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
    >
      <h2 id="expect-title" className="text-xl font-semibold text-ink">
        {consultation.aside.title}
      </h2>
      <ul className="space-y-3">
        {consultation.aside.points.map((p) => (
          <li key={p} className="flex gap-3 text-slate-700">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {p}
          </li>
        ))}
      </ul>
      <p className="text-sm break-words text-slate-700">
        Prefer to write or call?{" "}
        <a href={mailto(company.email.sales, "Free consultation")} className={contactLinkClass}>
          {company.email.sales}
        </a>{" "}
        or{" "}
        <a href={`tel:${company.phone.uk.tel}`} className={contactLinkClass}>
          {company.phone.uk.display}
        </a>
        , {company.hours}.
      </p>
    </aside>
  );
}
