import { ChevronDown } from "lucide-react";
import { useId, useLayoutEffect, useRef } from "react";
import type { NavLink as MenuItem } from "~/lib/navigation";
import { useDelayedClose } from "~/lib/use-delayed-close";
import { NavLink } from "../ui/site-link";
import { focusRing, navActive, navIdle, navItem } from "./nav-styles";

/** Spec §9: a dropdown closes 200 ms after the pointer leaves. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;

interface NavDropdownProps {
  /** The path of the page the header is on. */
  pathname: string;
  label: string;
  active: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  panelClassName: string;
  items: readonly MenuItem[];
  listClassName: string;
}

/** WAI-ARIA disclosure: hover opens, click/Enter/Space toggles, Escape and focus leaving close. */
export function NavDropdown({
  pathname,
  label,
  active,
  open,
  onOpenChange,
  panelClassName,
  items,
  listClassName,
}: NavDropdownProps) {
  const panelId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openedByHover = useRef(false);
  const { schedule, cancel } = useDelayedClose(() => onOpenChange(false), DROPDOWN_CLOSE_DELAY_MS);

  // In the commit, not after it: Preact runs effects a frame later than React, and an Escape pressed
  // as soon as the widget shows must find its listener.
  useLayoutEffect(() => {
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
          <ul className={listClassName}>
            {items.map((item) => (
              <li key={item.href}>
                <DropdownLink
                  // Closes at once: the next page may take a moment (or come from the back/forward cache).
                  onFollow={() => onOpenChange(false)}
                  to={item.href}
                  pathname={pathname}
                  label={item.label}
                  description={item.description}
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </li>
  );
}

function DropdownLink({
  onFollow,
  to,
  pathname,
  label,
  description,
}: {
  onFollow: () => void;
  to: string;
  pathname: string;
  label: string;
  description?: string;
}) {
  return (
    <NavLink
      onClick={onFollow}
      to={to}
      pathname={pathname}
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
