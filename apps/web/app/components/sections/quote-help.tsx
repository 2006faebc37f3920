import { Mail, Phone } from "lucide-react";
import { company } from "@site/content/data/company";
import { mailto } from "~/lib/company-links";
import { contactLinkClass } from "./contact-details";

/** Beside the quote form: the sales line and e-mail for those who would rather talk. */
export function QuoteHelp() {
  return (
    <aside
      aria-labelledby="quote-help-title"
      className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
    >
      <h2 id="quote-help-title" className="text-xl font-semibold text-ink">
        Prefer to talk it through?
      </h2>
      <p className="mt-3 text-slate-700">Our team is available {company.hours}.</p>
      <ul className="mt-5 space-y-3">
        <li className="flex items-center gap-3">
          <Phone aria-hidden="true" className="size-4 text-brand-700" />
          <a href={`tel:${company.phone.uk.tel}`} className={contactLinkClass}>
            {company.phone.uk.display}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <Mail aria-hidden="true" className="size-4 text-brand-700" />
          <a href={mailto(company.email.sales, "Quotation enquiry")} className={contactLinkClass}>
            {company.email.sales}
          </a>
        </li>
      </ul>
    </aside>
  );
}
