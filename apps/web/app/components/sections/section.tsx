import type { ReactNode } from "react";
import { Container } from "~/components/ui/container";
import { SectionHeading } from "~/components/ui/section-heading";

interface SectionProps {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  tone?: "white" | "muted";
  children: ReactNode;
}

/** A page section with a heading (labelled by it) and a white or light-grey background. */
export function Section({ id, eyebrow, title, intro, tone = "white", children }: SectionProps) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-section={id}
      className={`py-16 sm:py-20 ${tone === "muted" ? "bg-slate-50" : "bg-white"}`}
    >
      <Container>
        <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title} intro={intro} />
        <div className="mt-12">{children}</div>
      </Container>
    </section>
  );
}
