import { VITAL_METRICS, type VitalRating } from "@site/contracts/vitals";
import type { SiteSpeedWindow, SpeedFigure, SpeedRow } from "@site/contracts/desk";
import { useId } from "react";
import { formatVital, RATING_LABELS, ratingOf, VITAL_NAMES } from "./speed-format";
import { card } from "~/components/ui";

/** Each rating's colours (text on tint, at least 4.5:1); the label says it too, never the colour alone. */
const RATING_STYLES: Record<VitalRating, string> = {
  good: "bg-emerald-100 text-emerald-900 ring-emerald-200",
  "needs-improvement": "bg-amber-100 text-amber-900 ring-amber-200",
  poor: "bg-red-100 text-red-900 ring-red-200",
};

function RatingBadge({ rating }: { rating: VitalRating }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs leading-tight font-semibold ring-1 ring-inset ${RATING_STYLES[rating]}`}
    >
      {RATING_LABELS[rating]}
    </span>
  );
}

/** One metric's p75 with its rating, or why there is none. */
function FigureCell({
  metric,
  figure,
  minSamples,
}: {
  metric: (typeof VITAL_METRICS)[number];
  figure: SpeedFigure;
  minSamples: number;
}) {
  if (figure.samples === 0) return <span className="text-slate-600">No data</span>;
  if (figure.p75 === null) {
    return (
      <span className="text-slate-700">
        Too few samples{" "}
        <span className="whitespace-nowrap text-slate-600">
          ({figure.samples} of {minSamples})
        </span>
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-semibold tabular-nums">{formatVital(metric, figure.p75)}</span>
      <RatingBadge rating={ratingOf(metric, figure.p75)} />
    </span>
  );
}

const views = (n: number) => `${n.toLocaleString("en-GB")} page view${n === 1 ? "" : "s"}`;

/** A route (or the whole site): the p75 of each metric on mobile and desktop over one window. */
export function SpeedCard(props: {
  title: string;
  mobile: SpeedRow;
  desktop: SpeedRow;
  days: SiteSpeedWindow;
  minSamples: number;
}) {
  const id = useId();
  const key = props.days === 7 ? "d7" : "d28";
  const total = props.mobile.views[key] + props.desktop.views[key];
  return (
    <section aria-labelledby={id} className={`p-4 sm:p-5 ${card}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h3 id={id} className="text-base font-semibold break-all">
          {props.title}
        </h3>
        <p className="text-sm text-slate-600">{views(total)} measured</p>
      </div>
      <table className="mt-3 w-full table-fixed text-left text-sm">
        <caption className="sr-only">
          {props.title}: 75th percentile of each metric over the last {props.days} days
        </caption>
        <thead className="text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-[20%] py-2 pr-2 font-semibold sm:w-[24%]">
              Metric
            </th>
            {(["mobile", "desktop"] as const).map((device) => (
              <th key={device} scope="col" className="py-2 pr-2 font-semibold">
                {device === "mobile" ? "Mobile" : "Desktop"}
                <span className="block font-normal normal-case tracking-normal">
                  {views(props[device].views[key])}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {VITAL_METRICS.map((metric) => (
            <tr key={metric}>
              <th scope="row" className="py-2 pr-2 font-semibold">
                <abbr title={VITAL_NAMES[metric]} className="no-underline">
                  {metric}
                </abbr>
              </th>
              {([props.mobile, props.desktop] as const).map((row) => (
                <td key={row.device} className="py-2 pr-2">
                  <FigureCell
                    metric={metric}
                    figure={row.metrics.find((m) => m.metric === metric)![key]}
                    minSamples={props.minSamples}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
