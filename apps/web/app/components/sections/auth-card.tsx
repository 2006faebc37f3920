import type { ReactNode } from "react";
import { Container } from "~/components/ui/container";

/** Centred card used by the placeholder login and register pages. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className="bg-slate-50 py-16 sm:py-24">
      <Container className="max-w-md">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          <p className="mt-2 text-slate-600">{intro}</p>
          {children}
        </div>
      </Container>
    </section>
  );
}

export const inputClass =
  "mt-1.5 block w-full rounded-lg border border-slate-400 bg-white px-3.5 py-2.5 text-ink shadow-xs focus:border-brand-700 focus:outline-2 focus:outline-brand-600";
export const labelClass = "block text-sm font-medium text-ink";
