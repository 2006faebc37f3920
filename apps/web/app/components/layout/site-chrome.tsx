import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import { pageReady } from "~/lib/page-ready";
import { installRouteChunkGuard } from "~/lib/route-chunk-guard";
import { Island } from "../island";
import { BackToTop } from "./back-to-top";
import { ChatWidget } from "./chat-widget";
import { CookieBanner } from "./cookie-banner";
import { Footer } from "./footer";
import { Header } from "./header";

// Must run before React Router loads any route module lazily (i.e. at module evaluation of the root
// chunk), so a failing route chunk on the SPA fallback cannot reload the page in a loop.
installRouteChunkGuard();

/**
 * Shared elements on every page (spec §2): header, footer, chat widget, cookie banner, back-to-top.
 * Each widget is an Island: on a content page the islands' script hydrates it on its own, with no
 * router (docs/decisions/0022-content-page-islands.md); on a page React Router hydrates, React does.
 * Links load documents, so the browser lands each new page at its top (spec §2) or at its #fragment.
 */
export function SiteChrome({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => pageReady(), []);

  return (
    <>
      <a
        href="#main"
        className="fixed top-2 left-2 z-[60] -translate-y-24 rounded-md bg-brand-700 px-4 py-3 text-sm font-semibold text-white shadow-lg transition-transform focus:translate-y-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Skip to main content
      </a>
      <Island name="header" component={Header} props={{ pathname }} />
      <main id="main" tabIndex={-1} className="min-h-[60vh] pt-20 focus:outline-none">
        {children}
      </main>
      <Footer />
      {/* The dock: last in the page and in its flow, stuck to the bottom of the screen. It is as tall as
          the cookie banner while that shows (0 otherwise), so the page's end scrolls into view above the
          banner, and the floating buttons, placed from its top, stay above it: no script measures
          anything. Hidden until the head script knows whether the banner shows (cookie-banner.tsx), so
          the chat button appears where it stays instead of moving up (a layout shift). A block formatting
          context (flow-root), so the banner's bleed below the screen's edge stays outside it. */}
      <div data-floating-dock="" className="sticky bottom-0 z-50 flow-root">
        <Island name="back-to-top" component={BackToTop} props={{}} />
        <Island name="chat" component={ChatWidget} props={{}} />
        <Island name="cookie-banner" component={CookieBanner} props={{}} />
      </div>
    </>
  );
}
