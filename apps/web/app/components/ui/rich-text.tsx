import type { RichBlock, RichInline, RichText as RichTextData } from "@site/content";
import { Fragment } from "react";

function Inline({ run }: { run: RichInline }) {
  if (typeof run === "string") return run;
  if (run.tag === "br") return <br />;
  const children = run.children.map((c, i) => <Inline key={i} run={c} />);
  if (run.tag === "a") {
    return (
      <a href={run.href} className="font-medium text-brand-700 underline underline-offset-4">
        {children}
      </a>
    );
  }
  const Tag = run.tag;
  return <Tag>{children}</Tag>;
}

const runs = (list: readonly RichInline[]) => list.map((run, i) => <Inline key={i} run={run} />);

/**
 * Rich text from the content (Markdoc rendered to data at build time): paragraphs and lists, each
 * paragraph with the given classes.
 */
export function RichText({ text, paragraphClassName }: { text: RichTextData; paragraphClassName: string }) {
  return text.map((block: RichBlock, i) => {
    if (block.tag === "p") {
      return (
        <p key={i} className={paragraphClassName}>
          {runs(block.children)}
        </p>
      );
    }
    const List = block.tag;
    return (
      <List
        key={i}
        className={`${paragraphClassName} ${block.tag === "ul" ? "list-disc" : "list-decimal"} pl-6`}
      >
        {block.items.map((item, j) => (
          <li key={j}>
            <Fragment>{runs(item)}</Fragment>
          </li>
        ))}
      </List>
    );
  });
}
