import { ChevronDown, Menu, X } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { company } from "~/content/company";
import { headerLinks, productsMenu, quoteLink, servicesMenu } from "~/content/navigation";
import { useDelayedClose } from "~/lib/use-delayed-close";
import { useScrolled } from "~/lib/use-scrolled";
import { buttonClass } from "../ui/button";
import { Container } from "../ui/container";

/** Spec §9: header scroll threshold and dropdown close delay. */
export const HEADER_SCROLL_THRESHOLD_PX = 20;
export const DROPDOWN_CLOSE_DELAY_MS = 200;

type MenuName = "services" | "products";

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const navItem = `inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-semibold transition-colors ${focusRing}`;
const navIdle = "text-slate-700 hover:bg-slate-100 hover:text-brand-700";
const navActive = "bg-brand-50 text-brand-700";

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

export function Header() {
  const { pathname, key } = useLocation();
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD_PX);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [openMenu, setOpenMenu] = useState<MenuName | null>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mobileMenuId = useId();

  // Any route change (even to the same path) closes every menu and dropdown (spec §2).
  useEffect(() => {
    setMobileOpen(false);
    setOpenMenu(null);
  }, [key]);

  // Escape closes the mobile menu and returns focus to its button.
  useEffect(() => {
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
              <NavLink to={headerLinks.home.href} end className={desktopLinkClass}>
                {headerLinks.home.label}
              </NavLink>
            </li>
            <NavDropdown
              label="Services"
              active={pathname.startsWith("/services")}
              open={openMenu === "services"}
              onOpenChange={setServicesOpen}
              panelClassName="w-[350px]"
            >
              <ul className="grid gap-1">
                {servicesMenu.map((item) => (
                  <li key={item.href}>
                    <DropdownLink to={item.href} label={item.label} description={item.description} />
                  </li>
                ))}
              </ul>
            </NavDropdown>
            <NavDropdown
              label="Products"
              active={pathname.startsWith("/products")}
              open={openMenu === "products"}
              onOpenChange={setProductsOpen}
              panelClassName="w-[600px]"
            >
              <ul className="grid grid-cols-2 gap-1">
                {productsMenu.map((item) => (
                  <li key={item.href}>
                    <DropdownLink to={item.href} label={item.label} description={item.description} />
                  </li>
                ))}
              </ul>
            </NavDropdown>
            {headerLinks.rest.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} className={desktopLinkClass}>
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

      <MobileMenu id={mobileMenuId} open={mobileOpen} onNavigate={() => setMobileOpen(false)} />
    </header>
  );
}

interface NavDropdownProps {
  label: string;
  active: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  panelClassName: string;
  children: ReactNode;
}

/** WAI-ARIA disclosure: hover opens, click/Enter/Space toggles, Escape and focus leaving close. */
function NavDropdown({ label, active, open, onOpenChange, panelClassName, children }: NavDropdownProps) {
  const panelId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openedByHover = useRef(false);
  const { schedule, cancel } = useDelayedClose(() => onOpenChange(false), DROPDOWN_CLOSE_DELAY_MS);

  useEffect(() => {
    if (!open) {
      cancel();
      return;
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const hadFocus = itemRef.current?.contains(document.activeElement) ?? false;
      onOpenChange(false);
      if (hadFocus) buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onOpenChange, cancel]);

  return (
    <li
      ref={itemRef}
      className="relative"
      onPointerEnter={(event) => {
        if (event.pointerType === "touch") return;
        cancel();
        if (!open) openedByHover.current = true;
        onOpenChange(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "touch") return;
        schedule();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`${navItem} ${active || open ? navActive : navIdle}`}
        aria-expanded={open}
        aria-controls={panelId}
        data-active={active ? "true" : undefined}
        onClick={() => {
          // A click on a menu the pointer has just opened keeps it open rather than snapping it shut.
          if (open && openedByHover.current) openedByHover.current = false;
          else {
            openedByHover.current = false;
            onOpenChange(!open);
          }
        }}
      >
        {label}
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={`absolute top-full left-1/2 z-50 -translate-x-1/2 pt-2 ${panelClassName}`}
      >
        <div className="rounded-xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10">
          {children}
        </div>
      </div>
    </li>
  );
}

function DropdownLink({ to, label, description }: { to: string; label: string; description?: string }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        `block rounded-lg px-3 py-2.5 transition-colors hover:bg-brand-50 ${focusRing} ${
          isActive ? "bg-brand-50" : ""
        }`
      }
    >
      <span className="block text-sm font-semibold text-ink">{label}</span>
      {description && <span className="mt-0.5 block text-sm text-slate-600">{description}</span>}
    </NavLink>
  );
}

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-base font-semibold ${focusRing} ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100"
  }`;

const mobileProducts = productsMenu.filter((item) => item.inMobileMenu);

function MobileMenu({ id, open, onNavigate }: { id: string; open: boolean; onNavigate: () => void }) {
  const [productsOpen, setProductsOpen] = useState(false);
  const productsId = useId();
  useEffect(() => {
    if (!open) setProductsOpen(false);
  }, [open]);

  const links = [
    headerLinks.home,
    { label: "Services", href: "/services" },
    { label: "Packages", href: "/packages" },
  ];

  return (
    <nav
      id={id}
      aria-label="Mobile"
      hidden={!open}
      className="max-h-[calc(100dvh-5rem)] overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
    >
      <Container className="py-3">
        <ul className="grid gap-1">
          {links.map((link) => (
            <li key={link.href}>
              <NavLink
                to={link.href}
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
              Products
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
              <NavLink to={link.href} className={mobileLinkClass} onClick={onNavigate}>
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
