import type { ReactNode } from "react";
import { Container } from "~/components/ui/container";

/**
 * Body of a service or product page: the copy beside its illustration on wide screens, the
 * illustration first on phones. The image comes first in the markup too, so a page painted while
 * its HTML is still arriving never has the image pushed in above text already shown (no layout shift).
 */
export function DetailBody({
  image,
  children,
}: {
  image: { src: string; alt: string };
  children: ReactNode;
}) {
  return (
    <section className="py-16 sm:py-20">
      <Container className="grid items-start gap-12 lg:grid-cols-[1fr_26rem]">
        <img
          src={image.src}
          alt={image.alt}
          width={416}
          height={312}
          className="h-auto w-full rounded-2xl shadow-sm ring-1 ring-slate-200 lg:order-last"
        />
        <div>{children}</div>
      </Container>
    </section>
  );
}
