import type { Staff } from "@site/contracts/desk";

import {
  CalendarDays,
  FilePenLine,
  Gauge,
  Inbox,
  Keyboard,
  LayoutDashboard,
  LogOut,
  MessagesSquare,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { NavLink, useNavigate } from "react-router";
import { z } from "zod";
import { api } from "~/lib/api";
import { useShortcuts } from "~/lib/use-shortcut";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { focusRing } from "~/components/ui";

// On a phone each item is its icon over a short label, tight enough for all six to fit 375 px; from
// 640 px on, icon and label side by side.
const item = `inline-flex shrink-0 flex-col items-center gap-0.5 rounded-lg px-1 py-1 text-[10.5px] font-medium
  leading-tight whitespace-nowrap sm:flex-row sm:gap-2 sm:px-3 sm:py-2 sm:text-sm ${focusRing}`;
const navItem = ({ isActive }: { isActive: boolean }) =>
  `${item} ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;

/** The signed-in frame: skip link, header (brand, navigation, member, shortcuts, sign-out), main. */
export function AppShell({ staff, children }: { staff: Staff; children: ReactNode }) {
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useShortcuts((key) => {
    if (key !== "?") return false;
    setHelp(true);
    return true;
  });

  async function signOut() {
    setLeaving(true);
    await api(z.null(), "/api/sign-out", { method: "POST" }).catch(() => null);
    navigate("/sign-in", { replace: true });
  }

  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        {/* Below 1024 px the navigation is a row of its own under the brand and the member's buttons
            (it scrolls sideways if its items ever outgrow a phone); from 1024 px on, all in one row. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-2 py-2 sm:gap-x-4 sm:px-6">
          <NavLink to="/" className={`flex items-center gap-2 rounded-lg font-semibold ${focusRing}`}>
            <img src="/favicon.svg" alt="" className="size-7" />
            {/* Read out at every width; shown from 640 px on (the logo alone on a phone). */}
            <span className="sr-only sm:not-sr-only">Lead desk</span>
          </NavLink>
          <nav
            aria-label="Desk"
            className="order-last flex w-full items-center justify-between gap-0 overflow-x-auto sm:justify-start sm:gap-1 lg:order-none lg:w-auto lg:min-w-0"
          >
            <NavLink to="/" end className={navItem}>
              <Inbox aria-hidden="true" className="size-4" />
              Inbox
            </NavLink>
            <NavLink to="/dashboard" className={navItem}>
              <LayoutDashboard aria-hidden="true" className="size-4" />
              Dashboard
            </NavLink>
            <NavLink to="/speed" className={navItem}>
              <Gauge aria-hidden="true" className="size-4" />
              Site speed
            </NavLink>
            <NavLink to="/consultations" className={navItem}>
              <CalendarDays aria-hidden="true" className="size-4" />
              Consultations
            </NavLink>
            <NavLink to="/chats" className={navItem}>
              <MessagesSquare aria-hidden="true" className="size-4" />
              Chats
            </NavLink>
            <NavLink to="/content" className={navItem}>
              <FilePenLine aria-hidden="true" className="size-4" />
              Content
            </NavLink>
          </nav>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <span className="hidden text-sm text-slate-700 md:inline" title={staff.email}>
              {staff.name}
            </span>
            <button
              type="button"
              onClick={() => setHelp(true)}
              className={`hidden rounded-lg p-2 text-slate-700 hover:bg-slate-100 sm:inline-flex ${focusRing}`}
            >
              <Keyboard aria-hidden="true" className="size-5" />
              <span className="sr-only">Keyboard shortcuts</span>
            </button>
            <button
              type="button"
              onClick={signOut}
              disabled={leaving}
              className={`${item} text-slate-700 hover:bg-slate-100`}
            >
              <LogOut aria-hidden="true" className="size-4" />
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-3 py-4 outline-none sm:px-6 sm:py-6">
        {children}
      </main>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </>
  );
}
