import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>Lead desk</title>
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-surface font-sans text-ink antialiased">
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center text-slate-600" aria-busy="true">
      Loading the desk…
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-4 text-slate-700">
        {error instanceof Error ? error.message : "The desk could not show this page."}
      </p>
      <p className="mt-6">
        <a className="font-medium text-brand-700 underline" href="/">
          Back to the inbox
        </a>
      </p>
    </main>
  );
}
