import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteChrome } from "./components/layout/site-chrome";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/logo.png", type: "image/png" }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="bg-white font-sans text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
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
