import type { ReactNode } from "react";
import { Container } from "~/components/ui/container";

interface CtaBannerProps {
  title: string;
  text: string;
  children: ReactNode;
  id?: string;
}

/** Closing call to action on a blue panel. */
export function CtaBanner({ title, text, children, id = "cta-title" }: CtaBannerProps) {
  return (
    <section aria-labelledby={id} className="py-16 sm:py-20">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_90%_0%,rgba(96,165,250,0.35),transparent_50%)]"
          />
          <h2 id={id} className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg text-blue-50">{text}</p>
          <div className="relative mt-8 flex flex-wrap justify-center gap-3">{children}</div>
        </div>
      </Container>
    </section>
  );
}
