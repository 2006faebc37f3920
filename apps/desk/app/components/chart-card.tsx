import type { ReactNode } from "react";
import { card } from "./ui";

/** Axis ticks of every chart (slate-600 on white). */
export const axis = { fontSize: 12, fill: "#475569" };

/** A chart with its title and, for screen readers and copying, the same figures as a table. */
export function ChartCard(props: {
  title: string;
  summary: string;
  table: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** The title's heading level: 2 on the dashboard, 3 inside a section. */
  level?: 2 | 3;
}) {
  const Heading = props.level === 3 ? "h3" : "h2";
  return (
    <figure className={`p-4 sm:p-5 ${card} ${props.wide ? "lg:col-span-2" : ""}`}>
      <figcaption>
        <Heading className="text-base font-semibold">{props.title}</Heading>
        <p className="text-sm text-slate-600">{props.summary}</p>
      </figcaption>
      <div className="mt-4 h-64" aria-hidden="true">
        {props.children}
      </div>
      {/* sr-only on a wrapper: a table keeps its content's width, and a long one would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{props.title}</caption>
          {props.table}
        </table>
      </div>
    </figure>
  );
}
