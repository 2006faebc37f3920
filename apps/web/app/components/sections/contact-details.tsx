import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { company } from "@site/content/data/company";
import { mailto } from "~/lib/company-links";

/** Links to the company's e-mail and phone, here and beside the quote form. */
export const contactLinkClass =
  "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div>
        <p className="text-sm font-semibold text-ink">{label}</p>
        <div className="mt-0.5 text-slate-700">{children}</div>
      </div>
    </li>
  );
}

/** The company's contact details (spec §2 Contact page), all from content/company.ts. */
export function ContactDetails({ headingId = "contact-details-title" }: { headingId?: string }) {
  const { address } = company;
  return (
    <section
      aria-labelledby={headingId}
      className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
    >
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        Contact details
      </h2>
      <address className="mt-6 not-italic">
        <ul className="space-y-5">
          <Item icon={<Mail aria-hidden="true" className="size-4" />} label="Email">
            <a href={mailto(company.email.info)} className={contactLinkClass}>
              {company.email.info}
            </a>
          </Item>
          <Item icon={<Phone aria-hidden="true" className="size-4" />} label="Phone (UK)">
            <a href={`tel:${company.phone.uk.tel}`} className={contactLinkClass}>
              {company.phone.uk.display}
            </a>
          </Item>
          <Item icon={<MapPin aria-hidden="true" className="size-4" />} label="London office">
            {address.street}
            <br />
            {address.locality} {address.postalCode}
            <br />
            {address.country}
          </Item>
          <Item icon={<Clock aria-hidden="true" className="size-4" />} label="Office hours">
            {company.hours}
          </Item>
        </ul>
      </address>
    </section>
  );
}
