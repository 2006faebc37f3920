import type { ReactNode } from "react";
import { Container } from "~/components/ui/container";
import {
  type Block,
  type Inline,
  privacyIntro,
  privacyLastUpdated,
  privacySections,
} from "~/content/privacy";
import { formatLongDate } from "~/lib/format-date";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";
import { contentPage } from "~/lib/page-handle";

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Privacy Notice",
    description:
      "How we handle the details you send through our contact and quotation forms: what we collect, why, who sees it, how long we keep it and your UK GDPR rights.",
    path: "/privacy",
  });

const linkClass =
  "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

const lastUpdated = formatLongDate(privacyLastUpdated);

function Text({ content }: { content: Inline[] }) {
  return content.map((part, i) =>
    typeof part === "string" ? (
      part
    ) : (
      <a key={i} className={linkClass} href={part.href}>
        {part.text}
      </a>
    ),
  );
}

type Activity = Extract<Block, { kind: "activity" }>;

const activityRows = (a: Activity): [string, ReactNode][] => [
  [
    "What we collect",
    <ul key="data" className="list-disc pl-5">
      {a.data.map((d) => (
        <li key={d}>{d}</li>
      ))}
    </ul>,
  ],
  ["Why", a.purpose],
  ["Lawful basis", a.lawfulBasis],
  ["How long", a.retention],
];

function PrivacyBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case "p":
      return (
        <p>
          <Text content={block.content} />
        </p>
      );
    case "list":
      return (
        <ul className="list-disc space-y-2 pl-6">
          {block.items.map((item, i) => (
            <li key={i}>
              <Text content={item} />
            </li>
          ))}
        </ul>
      );
    case "activity":
      return (
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
          <h3 className="text-lg font-semibold text-ink">{block.title}</h3>
          <dl className="mt-3 space-y-3">
            {activityRows(block).map(([term, detail]) => (
              <div key={term} className="sm:grid sm:grid-cols-[10rem_1fr] sm:gap-x-6">
                <dt className="font-semibold text-ink">{term}</dt>
                <dd className="mt-0.5 sm:mt-0">{detail}</dd>
              </div>
            ))}
          </dl>
        </div>
      );
  }
}

export default function Privacy() {
  return (
    <Container className="py-12 sm:py-16">
      <article className="mx-auto max-w-3xl text-base leading-7 text-slate-700">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Privacy Notice</h1>
          <p className="mt-3 text-sm text-slate-600">
            Last updated <time dateTime={privacyLastUpdated}>{lastUpdated}</time>
          </p>
          <p className="mt-6 text-lg text-slate-600">{privacyIntro}</p>
        </header>

        <nav aria-labelledby="privacy-toc" className="mt-10 rounded-xl border border-slate-200 p-5 sm:p-6">
          <h2 id="privacy-toc" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
            On this page
          </h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1 pl-5 sm:grid-cols-2">
            {privacySections.map((s) => (
              <li key={s.id}>
                <a className={`${linkClass} inline-block py-1`} href={`#${s.id}`}>
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {privacySections.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className="mt-12">
            <h2 id={section.id} className="text-2xl font-bold tracking-tight text-ink">
              {section.heading}
            </h2>
            <div className="mt-4 space-y-4">
              {section.blocks.map((block, i) => (
                <PrivacyBlock key={i} block={block} />
              ))}
            </div>
          </section>
        ))}
      </article>
    </Container>
  );
}
