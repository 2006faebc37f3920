import type { Staff } from "@site/contracts/desk";

import { Gauge, Inbox, Keyboard, LayoutDashboard, LogOut } from "lucide-react";
import { type ReactNode, useState } from "react";
import { NavLink, useNavigate } from "react-router";
import { z } from "zod";
import { api } from "~/lib/api";
import { useShortcuts } from "~/lib/use-shortcut";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { focusRing } from "./ui";

const navItem = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${focusRing} ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
  }`;

/** Below 640 px the navigation shows its icons only (the names stay, for screen readers). */
const navLabel = "sr-only sm:not-sr-only";

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
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:gap-4 sm:px-6">
          <NavLink to="/" className={`flex items-center gap-2 rounded-lg font-semibold ${focusRing}`}>
            <img src="/favicon.svg" alt="" className="size-7" />
            {/* Read out at every width; shown from 640 px on (the logo alone on a phone). */}
            <span className="sr-only sm:not-sr-only">Lead desk</span>
          </NavLink>
          <nav aria-label="Desk" className="flex items-center gap-1">
            <NavLink to="/" end className={navItem}>
              <Inbox aria-hidden="true" className="size-4" />
              <span className={navLabel}>Inbox</span>
            </NavLink>
            <NavLink to="/dashboard" className={navItem}>
              <LayoutDashboard aria-hidden="true" className="size-4" />
              <span className={navLabel}>Dashboard</span>
            </NavLink>
            <NavLink to="/speed" className={navItem}>
              <Gauge aria-hidden="true" className="size-4" />
              <span className={navLabel}>Site speed</span>
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
              className={`inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 ${focusRing}`}
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
