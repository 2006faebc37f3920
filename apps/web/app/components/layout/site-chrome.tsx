import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { clearReloadGuard } from "~/lib/lazy-with-retry";
import { scheduleWebVitals } from "~/lib/report-web-vitals";
import { ROUTE_CHUNK_FAILED_EVENT, installRouteChunkGuard } from "~/lib/route-chunk-guard";
import { Button } from "../ui/button";
import { Container } from "../ui/container";
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
    // No <ScrollRestoration>: its inline script reads sessionStorage before the first paint, and the
    // spec sends every route change to the top anyway. A reload keeps the browser's own restoration.
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash, key]);
}

/**
 * When a route chunk fails a second time (no more reloads), React Router renders the route without
 * its component. Remember which navigation failed and show a notice instead of an empty page.
 */
function useFailedRouteLoad() {
  const navigation = useNavigation();
  const { key } = useLocation();
  const pendingKey = useRef<string | undefined>(undefined);
  pendingKey.current = navigation.location?.key;
  const [failedKey, setFailedKey] = useState<string | null>(null);
  useEffect(() => {
    const onFailed = () => setFailedKey(pendingKey.current ?? null);
    window.addEventListener(ROUTE_CHUNK_FAILED_EVENT, onFailed);
    return () => window.removeEventListener(ROUTE_CHUNK_FAILED_EVENT, onFailed);
  }, []);
  return failedKey !== null && failedKey === key;
}

function RouteLoadError() {
  return (
    <Container className="py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-ink">This page could not be loaded</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">
        Part of the site failed to download. Please check your internet connection and try again.
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </Container>
  );
}

/** Shared elements on every page (spec §2): header, footer, chat widget, cookie banner, back-to-top. */
export function SiteChrome({ children }: { children: ReactNode }) {
  useRouteChangeEffects();
  const routeLoadFailed = useFailedRouteLoad();
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
        {routeLoadFailed ? <RouteLoadError /> : children}
      </main>
      <Footer />
      <BackToTop />
      <ChatWidget />
      <CookieBanner />
    </>
  );
}
