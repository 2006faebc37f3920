import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { clearReloadGuard } from "~/lib/lazy-with-retry";
import { scheduleWebVitals } from "~/lib/report-web-vitals";
import { installRouteChunkGuard } from "~/lib/route-chunk-guard";
import { BackToTop } from "./back-to-top";
import { ChatWidget } from "./chat-widget";
import { CookieBanner } from "./cookie-banner";
import { Footer } from "./footer";
import { Header } from "./header";

// Must run before React Router loads any route module lazily (i.e. at module evaluation of the root
// chunk), so a failing route chunk on the SPA fallback cannot reload the page in a loop.
installRouteChunkGuard();

/** Every route change lands at the top (spec §2), and a successful navigation re-arms the reload guard. */
function useRouteChangeEffects() {
  const { pathname, hash, key } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    clearReloadGuard();
    // A link to an in-page anchor is left to the browser / <ScrollRestoration>.
    if (!hash) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash, key]);
}

/** Shared elements on every page (spec §2): header, footer, chat widget, cookie banner, back-to-top. */
export function SiteChrome({ children }: { children: ReactNode }) {
  useRouteChangeEffects();
  useEffect(() => scheduleWebVitals(), []);
  // Marks the page as interactive (used by the browser tests to know hydration has finished).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <>
      <a
        href="#main"
        className="fixed top-2 left-2 z-[60] -translate-y-24 rounded-md bg-brand-700 px-4 py-3 text-sm font-semibold text-white shadow-lg transition-transform focus:translate-y-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="min-h-[60vh] pt-20 focus:outline-none">
        {children}
      </main>
      <Footer />
      <BackToTop />
      <ChatWidget />
      <CookieBanner />
    </>
  );
}
