import { Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "~/components/ui/site-link";
import { company } from "@site/content/data/company";
import { mailto } from "~/lib/company-links";
import { type NavLink, footerQuickLinks, footerServiceLinks, privacyLink } from "~/lib/navigation";
import { Container } from "../ui/container";
import { SocialIcon } from "./social-icons";

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
const linkClass = `rounded-sm text-slate-300 transition-colors hover:text-white ${focusRing}`;

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wider text-white uppercase">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * The site's footer. Its style, layout and paint wait until it nears the viewport: `app.css` gives it
 * `content-visibility: auto` and its placeholder heights (decision 0027).
 */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-950 text-sm text-slate-300">
      <Container className="py-14">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
          <div>
            <Link to="/" className={`inline-flex items-center gap-2.5 rounded-md ${focusRing}`}>
              <img src="/logo.png" width={40} height={40} alt="" className="size-10" loading="lazy" />
              <span className="text-lg font-bold text-white">{company.name}</span>
            </Link>
            <p className="mt-4 max-w-sm leading-relaxed">{company.tagline}</p>
            <ul className="mt-6 flex gap-2" aria-label="Social media">
              {company.social.map((s) => (
                <li key={s.name}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`inline-flex size-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 transition-colors hover:bg-brand-600 hover:text-white ${focusRing}`}
                  >
                    <SocialIcon name={s.name} className="size-5" />
                    <span className="sr-only">{s.name} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <FooterColumn title={footerQuickLinks.title}>
            <FooterLinkList links={footerQuickLinks.links} />
          </FooterColumn>

          <FooterColumn title={footerServiceLinks.title}>
            <FooterLinkList links={footerServiceLinks.links} />
          </FooterColumn>

          <FooterColumn title="Contact Us">
            <ul className="grid gap-4">
              <li className="flex gap-3">
                <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-100" />
                <div>
                  <span className="block text-xs tracking-wide text-slate-400 uppercase">Hotline</span>
                  <a href={`tel:${company.phone.uk.tel}`} className={`${linkClass} font-semibold text-white`}>
                    {company.phone.uk.display}
                  </a>
                </div>
              </li>
              <li className="flex gap-3">
                <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-100" />
                <div>
                  <span className="block text-xs tracking-wide text-slate-400 uppercase">Information</span>
                  <a href={mailto(company.email.info)} className={`${linkClass} font-semibold text-white`}>
                    {company.email.info}
                  </a>
                </div>
              </li>
            </ul>
          </FooterColumn>
        </div>

        {/* The row keeps clear of the floating chat and back-to-top buttons (up to 76 px from the screen's
            right edge) when the page's end is in view: 64 px of padding beside the container's 16-32, so
            the Privacy Notice (at the right from md; each item at the top there: the link is self-start,
            the other the taller) and, on a phone, the registration line wrap short of them. */}
        <div className="mt-12 flex flex-col gap-3 border-t border-slate-800 pt-8 pr-16 text-slate-400 md:flex-row md:justify-between">
          <div className="grid gap-1">
            <p>
              © {year} {company.legalName}. All rights reserved.
            </p>
            <p>
              Registered in {company.registration.jurisdiction}, company number{" "}
              <a
                href={company.registration.registerUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} underline underline-offset-2`}
              >
                {company.registration.number}
                <span className="sr-only"> on Companies House (opens in a new tab)</span>
              </a>
              .
            </p>
          </div>
          <Link to={privacyLink.href} className={`${linkClass} self-start`}>
            {privacyLink.label}
          </Link>
        </div>
      </Container>
    </footer>
  );
}

function FooterLinkList({ links }: { links: readonly NavLink[] }) {
  return (
    <ul className="grid gap-3">
      {links.map((l) => (
        <li key={l.href}>
          <Link to={l.href} className={linkClass}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
