interface SectionHeadingProps {
  /** Small label above the title, e.g. 'Our Services'. */
  eyebrow?: string;
  title: string;
  intro?: string;
  /** Heading level: h1 on page heroes, h2 for sections. */
  as?: "h1" | "h2";
  id?: string;
  align?: "center" | "left";
}

export function SectionHeading({
  eyebrow,
  title,
  intro,
  as: H = "h2",
  id,
  align = "center",
}: SectionHeadingProps) {
  const alignment = align === "center" ? "mx-auto text-center" : "";
  return (
    <div className={`max-w-3xl ${alignment}`}>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>}
      <H id={id} className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {title}
      </H>
      {intro && <p className="mt-4 text-lg text-slate-600">{intro}</p>}
    </div>
  );
}
