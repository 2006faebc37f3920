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

/**
 * A page section with a heading (labelled by it) and a white or light-grey background. Never a page's
 * first block (the hero or header comes before it), so its style, layout and paint wait until it nears
 * the viewport (`content-visibility: auto`, a 900 px placeholder height until it has been drawn once):
 * on the home page that took the first layout's long task under Lighthouse's 50 ms line. Not on dark
 * blocks: axe (Lighthouse's accessibility audit) finds a skipped block's text where its 900 px
 * placeholder does not reach and measures light text against white (decision 0027; the footer's
 * placeholder is taller than the footer for that reason).
 */
export function Section({ id, eyebrow, title, intro, tone = "white", children }: SectionProps) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-section={id}
      className={`py-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:py-20 ${tone === "muted" ? "bg-slate-50" : "bg-white"}`}
    >
      <Container>
        <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title} intro={intro} />
        <div className="mt-12">{children}</div>
      </Container>
    </section>
  );
}
