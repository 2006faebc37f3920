import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts } from "react-router";
import "./app.css";
import { HEAD_SCRIPT } from "../fixture-facts";

const jsonLd = JSON.stringify({ "@context": "https://schema.org", "@type": "Organization", name: "Fixture" });

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
        <Meta />
        <Links />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      </head>
      <body>
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
  return <div aria-busy="true" />;
}
