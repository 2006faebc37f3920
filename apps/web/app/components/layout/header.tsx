import { Menu, X } from "lucide-react";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { company } from "@site/content/data/company";
import {
  headerLinks,
  productsMenu,
  productsMenuLabel,
  quoteLink,
  servicesMenu,
  servicesMenuLabel,
} from "~/lib/navigation";
import { useScrolled } from "~/lib/use-scrolled";
import { buttonClass } from "../ui/button";
import { Container } from "../ui/container";
import { Link, NavLink } from "../ui/site-link";
import { MobileMenu } from "./mobile-menu";
import { NavDropdown } from "./nav-dropdown";
import { focusRing, navActive, navIdle, navItem } from "./nav-styles";

/** Spec §9: header scroll threshold. */
const HEADER_SCROLL_THRESHOLD_PX = 20;

type MenuName = "services" | "products";

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  `${navItem} ${isActive ? navActive : navIdle}`;

/** Only one dropdown is open at a time; closing one never closes the other. */
function toggleMenu(
  set: (update: (current: MenuName | null) => MenuName | null) => void,
  name: MenuName,
  open: boolean,
) {
  set((current) => (open ? name : current === name ? null : current));
}

/**
 * The fixed header (spec §2). `pathname` is the page's path: React Router's at build time, the same
 * value again where the header is an island (docs/decisions/0022-content-page-islands.md).
 */
export function Header({ pathname }: { pathname: string }) {
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD_PX);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [openMenu, setOpenMenu] = useState<MenuName | null>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mobileMenuId = useId();

  // Any route change closes every menu and dropdown (spec §2). Links load a new document, which starts
  // with them closed; a page the browser restores from its back/forward cache is another route change.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setMobileOpen(false);
      setOpenMenu(null);
    };
    addEventListener("pageshow", onShow);
    return () => removeEventListener("pageshow", onShow);
  }, []);

  // Escape closes the mobile menu and returns focus to its button.
  // In the commit, not after it: Preact runs effects a frame later than React, and an Escape pressed
  // as soon as the widget shows must find its listener.
  useLayoutEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMobileOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [mobileOpen]);

  const solid = scrolled || mobileOpen;
  const setServicesOpen = useCallback((open: boolean) => toggleMenu(setOpenMenu, "services", open), []);
  const setProductsOpen = useCallback((open: boolean) => toggleMenu(setOpenMenu, "products", open), []);

  return (
    <header
      data-solid={solid ? "true" : "false"}
      // While the mobile menu is open the header (and the menu in it) sits above the floating chat
      // button and the cookie banner (z-50), which would otherwise cover the menu's last links on a
      // phone; the banner is still there when the menu closes.
      className={`fixed inset-x-0 top-0 ${mobileOpen ? "z-[55]" : "z-40"} transition-[background-color,box-shadow] duration-200 ${
        solid ? "bg-white/90 shadow-md shadow-slate-900/5 backdrop-blur-md" : "bg-transparent"
      }`}
    >
      <Container className="flex h-20 items-center justify-between gap-4">
        <Link
          to="/"
          className={`flex shrink-0 items-center gap-2.5 rounded-md ${focusRing}`}
          aria-label={`${company.name}, home`}
        >
          <img src="/logo.png" width={40} height={40} alt="" className="size-10" />
          <span className="text-base leading-tight font-bold tracking-tight text-ink sm:text-lg lg:max-xl:hidden">
            {company.name}
          </span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <NavLink to={headerLinks.home.href} pathname={pathname} end className={desktopLinkClass}>
                {headerLinks.home.label}
              </NavLink>
            </li>
            <NavDropdown
              pathname={pathname}
              label={servicesMenuLabel}
              active={pathname.startsWith("/services")}
              open={openMenu === "services"}
              onOpenChange={setServicesOpen}
              panelClassName="w-[350px]"
              items={servicesMenu}
              listClassName="grid gap-1"
            />
            <NavDropdown
              pathname={pathname}
              label={productsMenuLabel}
              active={pathname.startsWith("/products")}
              open={openMenu === "products"}
              onOpenChange={setProductsOpen}
              panelClassName="w-[600px]"
              items={productsMenu}
              listClassName="grid grid-cols-2 gap-1"
            />
            {headerLinks.rest.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} pathname={pathname} className={desktopLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <div className="hidden lg:block">
            <Link to={quoteLink.href} className={buttonClass("primary", "whitespace-nowrap")}>
              {quoteLink.label}
            </Link>
          </div>
          <button
            ref={menuButtonRef}
            type="button"
            className={`inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-slate-100 lg:hidden ${focusRing}`}
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            aria-label={mobileOpen ? "Close menu" : "Open menu"}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>
      </Container>

      <MobileMenu
        id={mobileMenuId}
        pathname={pathname}
        open={mobileOpen}
        onNavigate={() => setMobileOpen(false)}
      />
    </header>
  );
}
