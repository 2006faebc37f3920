import { type ReactNode, useContext } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  UNSAFE_FrameworkContext,
  isRouteErrorResponse,
  useMatches,
} from "react-router";
import islandsScript from "virtual:islands-script";
import type { Route } from "./+types/root";
import "./app.css";
import { cookieConsentScript } from "./components/layout/cookie-banner";
import { RouteLoadError } from "./components/layout/route-load-error";
import { SiteChrome } from "./components/layout/site-chrome";
import { brand, iconFiles } from "./lib/brand";
import { landOnTopScript } from "./lib/land-on-top";
import { routeChunkFailedAgain } from "./lib/route-chunk-guard";
import type { PageHandle } from "./lib/page-handle";
import { organizationJsonLd, serializeJsonLd } from "./lib/seo";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: iconFiles.png32, type: "image/png", sizes: "32x32" },
  { rel: "icon", href: iconFiles.svg, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: iconFiles.appleTouch, sizes: "180x180" },
  { rel: "manifest", href: iconFiles.manifest },
];

/** Site-wide Organization JSON-LD: a data block (never executed), identical on every page. */
const organizationLd = serializeJsonLd(organizationJsonLd());

/**
 * The inline scripts of <head> (each hashed into the page's CSP): right after the first paint, the
 * one that shows the prerendered cookie banner while consent is pending; and the one that lands back
 * and forward at the top, as every route change (spec §2).
 */
function PrerenderedHeadScripts() {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: cookieConsentScript }} />
      <script dangerouslySetInnerHTML={{ __html: landOnTopScript }} />
    </>
  );
}

/**
 * Speculation Rules (Chromium): a same-site link the visitor's pointer rests on (or presses) has its
 * page fetched ahead, so the click needs no round trip; the page, which paints from its HTML alone, is
 * then on screen in a frame or two. Prefetch, not prerender: a prerendered page would run its scripts
 * (the offer popup's clock, the cookie banner's storage) before the visitor chose it, and the page a
 * click activates would be another browsing context. Links are plain documents (issue 34); browsers
 * without the rules just load the page. Hashed into each page's CSP like every inline script. On a
 * content page the build moves them into the boot's <template>, so they come with the islands' loader
 * (build-steps/boot-after-paint.ts: the browser's matching of every link against them cost the page
 * nearly all its scripts' main-thread work as it loaded).
 */
const speculationRules = '{"prefetch":[{"where":{"href_matches":"/*"},"eagerness":"moderate"}]}';

/**
 * The end of each page as prerendered: the Speculation Rules, then React Router's scripts or, on a
 * content page, the islands' script instead (docs/decisions/0022-content-page-islands.md). The dev
 * server has no islands' script: there React Router hydrates every page. The SPA fallback
 * (__spa-fallback.html, for unknown ids of the detail routes) is rendered from "/" with the home page's
 * matches, and must boot React Router to render the route its address names; React Router's build
 * fails, saying <Scripts/> is missing, should this ever stop telling it apart.
 */
function PrerenderedScripts() {
  const spaFallback = useContext(UNSAFE_FrameworkContext)?.isSpaMode === true;
  const matches = useMatches();
  const islands = !spaFallback && matches.some((m) => (m.handle as PageHandle | undefined)?.islands === true);
  return (
    <>
      <script type="speculationrules" dangerouslySetInnerHTML={{ __html: speculationRules }} />
      {islands && islandsScript ? <script type="module" src={islandsScript} /> : <Scripts />}
    </>
  );
}

/**
 * In the browser only a page that keeps React Router is ever rendered by React, which hydrates its
 * <Scripts/> and passes over the inline scripts above (as over the build's boot template and inlined
 * stylesheet: React skips unexpected elements among the children of <head> and <body>). So the scripts
 * and their text are in the prerendered pages only, not in the router's bundles.
 */
const PageScripts = import.meta.env.SSR ? PrerenderedScripts : Scripts;
const HeadScripts = import.meta.env.SSR ? PrerenderedHeadScripts : () => null;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand.themeColor} />
        <HeadScripts />
        <Meta />
        <Links />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: organizationLd }} />
      </head>
      <body className="bg-white font-sans text-ink antialiased">
        {children}
        <PageScripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

export function HydrateFallback() {
  return <div className="min-h-screen" aria-busy="true" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (routeChunkFailedAgain()) {
    return (
      <main id="main">
        <RouteLoadError />
      </main>
    );
  }
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-32 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4">
        <a className="text-brand-700 underline" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
