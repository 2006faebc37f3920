import type { PrivacyBlock, RichInline } from "@site/content";
import type { ReactNode } from "react";
import { Container } from "~/components/ui/container";
import { formatLongDate } from "~/lib/format-date";
import { privacyNotice as notice } from "~/lib/privacy-notice";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";
import { contentPage } from "~/lib/page-handle";

/** A content page: its widgets are islands, no router in the browser (docs/decisions/0022). */
export const handle = contentPage;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: notice.title, description: notice.description, path: "/privacy" });

const linkClass =
  "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

// Written at build time only: a content page is never rendered in the browser (it has no router there),
// and so formatLongDate stays out of the browser's bundles but the consultation page's, which uses its
// module too (as a chunk shared with this route it cost that page a file of its own).
const lastUpdated = import.meta.env.SSR ? formatLongDate(notice.lastUpdated) : "";

/** A paragraph's or list item's runs of text: links, emphasis, line breaks. */
function Runs({ runs }: { runs: readonly RichInline[] }) {
  return runs.map((run, i) => {
    if (typeof run === "string") return run;
    if (run.tag === "br") return <br key={i} />;
    const children = <Runs runs={run.children} />;
    if (run.tag === "a")
      return (
        <a key={i} className={linkClass} href={run.href}>
          {children}
        </a>
      );
    const Tag = run.tag;
    return <Tag key={i}>{children}</Tag>;
  });
}

type Activity = Extract<PrivacyBlock, { kind: "activity" }>;

const activityRows = (a: Activity): [string, ReactNode][] => [
  [
    notice.labels.data,
    <ul key="data" className="list-disc pl-5">
      {a.data.map((d) => (
        <li key={d}>{d}</li>
      ))}
    </ul>,
  ],
  [notice.labels.purpose, a.purpose],
  [notice.labels.lawfulBasis, a.lawfulBasis],
  [notice.labels.retention, a.retention],
];

function PrivacyBlockView({ block }: { block: PrivacyBlock }) {
  if (block.kind === "text") {
    return block.text.map((b, i) => {
      if (b.tag === "p")
        return (
          <p key={i}>
            <Runs runs={b.children} />
          </p>
        );
      const List = b.tag;
      return (
        <List key={i} className={`${b.tag === "ul" ? "list-disc" : "list-decimal"} space-y-2 pl-6`}>
          {b.items.map((item, j) => (
            <li key={j}>
              <Runs runs={item} />
            </li>
          ))}
        </List>
      );
    });
  }
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

export default function Privacy() {
  return (
    <Container className="py-12 sm:py-16">
      <article className="mx-auto max-w-3xl text-base leading-7 text-slate-700">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{notice.title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            {`${notice.labels.lastUpdated} `}
            <time dateTime={notice.lastUpdated}>{lastUpdated}</time>
          </p>
          <p className="mt-6 text-lg text-slate-600">{notice.intro}</p>
        </header>

        <nav aria-labelledby="privacy-toc" className="mt-10 rounded-xl border border-slate-200 p-5 sm:p-6">
          <h2 id="privacy-toc" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
            {notice.labels.contents}
          </h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1 pl-5 sm:grid-cols-2">
            {notice.sections.map((s) => (
              <li key={s.id}>
                <a className={`${linkClass} inline-block py-1`} href={`#${s.id}`}>
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {notice.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className="mt-12">
            <h2 id={section.id} className="text-2xl font-bold tracking-tight text-ink">
              {section.heading}
            </h2>
            <div className="mt-4 space-y-4">
              {section.blocks.map((block, i) => (
                <PrivacyBlockView key={i} block={block} />
              ))}
            </div>
          </section>
        ))}
      </article>
    </Container>
  );
}
