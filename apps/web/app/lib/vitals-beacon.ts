// The site's real-user speed measurement: loaded lazily (its own chunk, with web-vitals) once the
// browser is idle after hydration, never in the first-load JavaScript. Each page view's LCP, INP, CLS,
// FCP and TTFB go in ONE beacon to the contact service when the page is first hidden (the visitor
// leaves, switches tab or closes it), and only when the visitor has accepted cookies.
import {
  type DeviceClass,
  MOBILE_MAX_WIDTH,
  SITE_ROUTE_PATTERNS,
  type SiteRoutePattern,
  type VitalMetric,
  type VitalSample,
  VITALS_PATH,
  type VitalsBeacon,
} from "@site/contracts/vitals";
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { cookiesAccepted } from "./cookie-consent";

/** The contact service (VITE_CONTACT_API_URL at build time) takes the beacons. */
const endpoint = `${__SERVICE_URLS__.contact}${VITALS_PATH}`;

/** A path's segments, as React Router compares them (a trailing slash adds none). */
const segments = (path: string) => path.split("/").filter((s) => s !== "");
const dynamicSegments = (pattern: string) => segments(pattern).filter((s) => s.startsWith(":")).length;

/**
 * The route pattern a path matches, ranked as React Router ranks the site's own routes (the patterns
 * are the route table's: a test keeps them equal, and compares this with React Router's matchRoutes):
 * "/services/:serviceType", never the address itself. Its own few lines rather than React Router's
 * matchRoutes, which would bring most of React Router into the content pages' lazy chunk.
 */
export function routePattern(pathname: string): SiteRoutePattern {
  const path = segments(pathname).map((s) => s.toLowerCase());
  const matches = (pattern: string) => {
    const parts = segments(pattern);
    return (
      parts.length === path.length && parts.every((p, i) => p.startsWith(":") || p.toLowerCase() === path[i])
    );
  };
  const found = SITE_ROUTE_PATTERNS.filter((p) => p !== "/*" && matches(p)).sort(
    (a, b) => dynamicSegments(a) - dynamicSegments(b),
  );
  return found[0] ?? "/*";
}

/** "mobile" up to MOBILE_MAX_WIDTH CSS pixels of viewport, else "desktop". */
export const deviceClass = (width: number): DeviceClass => (width <= MOBILE_MAX_WIDTH ? "mobile" : "desktop");

/** navigator.sendBeacon, or fetch with keepalive where it is missing or refuses. A string body is
 * sent as text/plain (CORS-safelisted: no preflight, which an unloading page could not wait for). */
function post(url: string, body: string): void {
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // e.g. a CSP or a browser that throws: try fetch.
  }
  fetch(url, { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => {
    /* measurement only: nothing to do */
  });
}

export interface VitalsOptions {
  /** The path the document was loaded at (captured before any client-side navigation). */
  landingPath: string;
  /** VITALS_SAMPLE_RATE at build time: the share of page views measured. */
  sampleRate?: number;
  random?: () => number;
  send?: (url: string, body: string) => void;
}

interface PageView {
  route: SiteRoutePattern;
  device: DeviceClass;
  measured: boolean;
  metrics: Map<VitalMetric, VitalSample & { navigationType: Metric["navigationType"] }>;
  sent: boolean;
}

/**
 * Registers the web-vitals observers and sends each page view's figures once, on the first
 * `visibilitychange` to hidden (or a `pagehide` of a page already hidden). A page
 * restored from the back/forward cache is a new page view. Nothing is sent unless cookiesAccepted
 * is 'true' at that moment, or when the page view is not in the sample. Returns a function that
 * removes the listeners (tests).
 */
export function startVitals({
  landingPath,
  sampleRate = __VITALS_SAMPLE_RATE__,
  random = Math.random,
  send = post,
}: VitalsOptions): () => void {
  const newView = (path: string): PageView => ({
    route: routePattern(path),
    device: deviceClass(window.innerWidth),
    measured: random() < sampleRate,
    metrics: new Map(),
    sent: false,
  });
  let view = newView(landingPath);

  const record = (metric: Metric) => {
    if (import.meta.env.DEV) console.debug(`[web-vitals] ${metric.name}`, metric.value, metric);
    if (view.sent) return; // once per page view: later changes are not sent
    const { name, value, rating, navigationType } = metric;
    view.metrics.set(name, { name, value, rating, navigationType });
  };
  // Before web-vitals' own listener: the figures it reports for a restored page belong to the new view.
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) view = newView(location.pathname);
  };
  addEventListener("pageshow", onShow, true);
  for (const register of [onCLS, onFCP, onLCP, onTTFB]) register(record);
  // INP with every change: web-vitals weighs an interaction's entries when the browser is next idle or
  // the page hides, whichever comes first; a visitor who leaves at once (a link clicked) hides it
  // first, and then the entries are weighed after web-vitals' own final report, which they would miss.
  onINP(record, { reportAllChanges: true });

  const flush = () => {
    if (view.sent || view.metrics.size === 0 || !view.measured || !cookiesAccepted()) return;
    view.sent = true;
    const samples = [...view.metrics.values()];
    const beacon: VitalsBeacon = {
      route: view.route,
      navigationType: samples[0]!.navigationType,
      device: view.device,
      metrics: samples.map(({ name, value, rating }) => ({ name, value, rating })),
    };
    send(endpoint, JSON.stringify(beacon));
  };
  // web-vitals listens for visibilitychange on window in the capture phase, some of it only once an
  // interaction happened (after this was registered); the event bubbles from the document, so this
  // listener, on window in the bubble phase, runs after all of them and sends what they reported.
  const onHidden = () => {
    if (document.visibilityState === "hidden") flush();
  };
  addEventListener("visibilitychange", onHidden);
  // Leaving the page fires pagehide first and visibilitychange after it, and web-vitals reports CLS
  // and INP on the latter: while still visible, pagehide leaves the sending to it. A browser that
  // hides the page without visibilitychange (Safari before 14.1) is caught here.
  addEventListener("pagehide", onHidden, true);
  return () => {
    removeEventListener("pageshow", onShow, true);
    removeEventListener("visibilitychange", onHidden);
    removeEventListener("pagehide", onHidden, true);
  };
}
