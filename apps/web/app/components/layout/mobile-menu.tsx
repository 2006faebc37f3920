import { ChevronDown } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { headerLinks, mobileMenuLinks, productsMenu, productsMenuLabel, quoteLink } from "~/lib/navigation";
import { buttonClass } from "../ui/button";
import { Container } from "../ui/container";
import { Link, NavLink } from "../ui/site-link";
import { focusRing } from "./nav-styles";

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-base font-semibold ${focusRing} ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100"
  }`;

const mobileProducts = productsMenu.filter((item) => item.inMobileMenu);

/** The menu below the header on narrow screens (spec §2): its links close it. */
export function MobileMenu({
  id,
  pathname,
  open,
  onNavigate,
}: {
  id: string;
  pathname: string;
  open: boolean;
  onNavigate: () => void;
}) {
  const [productsOpen, setProductsOpen] = useState(false);
  const productsId = useId();
  useEffect(() => {
    if (!open) setProductsOpen(false);
  }, [open]);

  return (
    <nav
      id={id}
      aria-label="Mobile"
      hidden={!open}
      className="max-h-[calc(100dvh-5rem)] overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
    >
      <Container className="py-3">
        <ul className="grid gap-1">
          {mobileMenuLinks.map((link) => (
            <li key={link.href}>
              <NavLink
                to={link.href}
                pathname={pathname}
                end={link.href === "/"}
                className={mobileLinkClass}
                onClick={onNavigate}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={`flex min-h-11 w-full items-center justify-between rounded-md px-3 text-base font-semibold text-slate-800 hover:bg-slate-100 ${focusRing}`}
              aria-expanded={productsOpen}
              aria-controls={productsId}
              onClick={() => setProductsOpen((value) => !value)}
            >
              {productsMenuLabel}
              <ChevronDown
                aria-hidden="true"
                className={`size-5 transition-transform ${productsOpen ? "rotate-180" : ""}`}
              />
            </button>
            <ul
              id={productsId}
              hidden={!productsOpen}
              className="mt-1 ml-3 grid gap-0.5 border-l border-slate-200 pl-2"
            >
              {mobileProducts.map((item) => (
                <li key={item.href}>
                  <NavLink
                    to={item.href}
                    pathname={pathname}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center rounded-md px-3 text-sm font-medium ${focusRing} ${
                        isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                      }`
                    }
                    onClick={onNavigate}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
          {headerLinks.rest.map((link) => (
            <li key={link.href}>
              <NavLink to={link.href} pathname={pathname} className={mobileLinkClass} onClick={onNavigate}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Link to={quoteLink.href} className={buttonClass("primary", "mt-3 w-full")} onClick={onNavigate}>
          {quoteLink.label}
        </Link>
      </Container>
    </nav>
  );
}
