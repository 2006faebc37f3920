import { VITAL_THRESHOLDS } from "@site/contracts/vitals";
import type { SiteSpeedAnswer, SpeedFigure } from "@site/contracts/desk";
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatDay } from "~/lib/format";
import { formatVital, RATING_LABELS, ratingOf, VITAL_NAMES } from "./speed-format";
import { axis, ChartCard } from "~/components/chart-card";

// Tokens of packages/theme (brand-500, brand-800), each ≥ 3:1 on white; mobile is also dashed, so the
// two lines differ without colour. The thresholds: emerald-700 and red-700.
const MOBILE = "#3b82f6";
const DESKTOP = "#1e3a8a";
const GOOD = "#047857";
const POOR = "#b91c1c";

const text = (metric: Trend["metric"], f: SpeedFigure) =>
  f.p75 !== null
    ? `${formatVital(metric, f.p75)} (${RATING_LABELS[ratingOf(metric, f.p75)]}, ${f.samples} samples)`
    : f.samples
      ? `too few samples (${f.samples})`
      : "no data";

type Trend = SiteSpeedAnswer["trend"][number];

/** One metric's daily p75 over the last 28 days, mobile and desktop, with web.dev's two thresholds. */
export function SpeedTrend({ trend, minSamples }: { trend: Trend; minSamples: number }) {
  const { metric } = trend;
  const [good, poor] = VITAL_THRESHOLDS[metric];
  const rows = trend.days.map((d) => ({
    label: formatDay(d.day),
    mobile: d.mobile.p75,
    desktop: d.desktop.p75,
  }));
  const shown = trend.days.filter((d) => d.mobile.p75 !== null || d.desktop.p75 !== null).length;
  const format = (v: number) => formatVital(metric, v);
  const short = (v: number) => formatVital(metric, v, true);
  return (
    <ChartCard
      level={3}
      title={`${metric}: ${VITAL_NAMES[metric]}`}
      summary={`p75 per day, every route together. Good up to ${short(good)}, poor above ${short(poor)}. ${
        shown ? `${shown} of 28 days` : "No day"
      } with at least ${minSamples} samples.`}
      table={
        <tbody>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Mobile</th>
            <th scope="col">Desktop</th>
          </tr>
          {trend.days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatDay(d.day)}</th>
              <td>{text(metric, d.mobile)}</td>
              <td>{text(metric, d.desktop)}</td>
            </tr>
          ))}
        </tbody>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 12, left: 4, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="label"
            tick={axis}
            tickLine={false}
            axisLine={false}
            interval="preserveStartEnd"
            minTickGap={24}
          />
          <YAxis tick={axis} tickLine={false} axisLine={false} tickFormatter={short} width={64} />
          <Tooltip formatter={(v) => (typeof v === "number" ? format(v) : String(v))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <ReferenceLine y={good} stroke={GOOD} strokeDasharray="2 4" />
          <ReferenceLine y={poor} stroke={POOR} strokeDasharray="2 4" />
          <Line
            dataKey="mobile"
            name="Mobile"
            stroke={MOBILE}
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
          <Line
            dataKey="desktop"
            name="Desktop"
            stroke={DESKTOP}
            strokeWidth={2}
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
