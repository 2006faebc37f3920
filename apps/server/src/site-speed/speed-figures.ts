// The desk's "Site speed" figures: the p75 of each metric per route and device class over the last 7
// and 28 days, the daily trend, and the page views measured, read from the histograms of POST /vitals.
import {
  DEVICE_CLASSES,
  type DeviceClass,
  NAVIGATION_TYPES,
  VITAL_METRICS,
  type VitalMetric,
} from "@site/contracts";
import {
  SITE_SPEED_MIN_SAMPLES,
  type SiteSpeedAnswer,
  type SpeedFigure,
  type SpeedRow,
} from "@site/contracts/desk";
import { type Kysely, sql } from "kysely";
import type { DB } from "../platform/db/schema";
import { addTo, type Histogram, p75, sampleCount } from "./histogram";

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS));

/** A histogram's p75, or null below the minimum number of samples. */
function figure(metric: VitalMetric, histogram: Histogram | undefined): SpeedFigure {
  const samples = histogram ? sampleCount(histogram) : 0;
  return { samples, p75: samples >= SITE_SPEED_MIN_SAMPLES ? p75(metric, histogram!) : null };
}

/** Histograms and counts for both windows, under string keys. */
class Windows {
  readonly hist = new Map<string, { d7: Histogram; d28: Histogram }>();
  readonly views = new Map<string, { d7: number; d28: number }>();

  addHistogram(key: string, bucket: number, d7: number, d28: number) {
    let h = this.hist.get(key);
    if (!h) this.hist.set(key, (h = { d7: new Map(), d28: new Map() }));
    if (d7 > 0) addTo(h.d7, bucket, d7);
    addTo(h.d28, bucket, d28);
  }

  addViews(key: string, d7: number, d28: number) {
    const v = this.views.get(key) ?? { d7: 0, d28: 0 };
    this.views.set(key, { d7: v.d7 + d7, d28: v.d28 + d28 });
  }

  row(prefix: string, device: DeviceClass): SpeedRow {
    return {
      device,
      views: this.views.get(`${prefix}\t${device}`) ?? { d7: 0, d28: 0 },
      metrics: VITAL_METRICS.map((metric) => {
        const h = this.hist.get(`${prefix}\t${device}\t${metric}`);
        return { metric, d7: figure(metric, h?.d7), d28: figure(metric, h?.d28) };
      }),
    };
  }
}

/** Everything the screen shows, as of `now` (the windows end today, UTC). */
export async function siteSpeed(db: Kysely<DB>, now: Date): Promise<SiteSpeedAnswer> {
  const today = isoDay(now);
  const since28 = daysBefore(today, 27);
  const since7 = daysBefore(today, 6);
  const inWeek = sql<number>`sum(case when day >= ${since7} then count else 0 end)`;

  const perRoute = await db
    .selectFrom("vitals_histogram")
    .select(["route", "device", "metric", "bucket", inWeek.as("d7"), sql<number>`sum(count)`.as("d28")])
    .where("day", ">=", since28)
    .groupBy(["route", "device", "metric", "bucket"])
    .execute();
  const perDay = await db
    .selectFrom("vitals_histogram")
    .select(["day", "device", "metric", "bucket", sql<number>`sum(count)`.as("n")])
    .where("day", ">=", since28)
    .groupBy(["day", "device", "metric", "bucket"])
    .execute();
  const views = await db
    .selectFrom("vitals_views")
    .select(["route", "device", "navigation_type", inWeek.as("d7"), sql<number>`sum(count)`.as("d28")])
    .where("day", ">=", since28)
    .groupBy(["route", "device", "navigation_type"])
    .execute();

  const w = new Windows();
  for (const r of perRoute) {
    const [bucket, d7, d28] = [Number(r.bucket), Number(r.d7), Number(r.d28)];
    w.addHistogram(`route:${r.route}\t${r.device}\t${r.metric}`, bucket, d7, d28);
    w.addHistogram(`site\t${r.device}\t${r.metric}`, bucket, d7, d28);
  }
  for (const v of views) {
    const [d7, d28] = [Number(v.d7), Number(v.d28)];
    w.addViews(`route:${v.route}\t${v.device}`, d7, d28);
    w.addViews(`site\t${v.device}`, d7, d28);
    w.addViews(`navigation:${v.navigation_type}`, d7, d28);
  }

  const measured = new Set([...perRoute, ...views].map((r) => `${r.route}\t${r.device}`));
  const routes = [...measured]
    .map((key) => {
      const [route = "", device = "desktop"] = key.split("\t") as [string, DeviceClass];
      return { route, ...w.row(`route:${route}`, device) };
    })
    .sort(
      (a, b) =>
        b.views.d28 - a.views.d28 || a.route.localeCompare(b.route) || a.device.localeCompare(b.device),
    );

  const daily = new Map<string, Histogram>();
  for (const r of perDay) {
    const key = `${r.day}\t${r.device}\t${r.metric}`;
    const h = daily.get(key) ?? new Map<number, number>();
    addTo(h, Number(r.bucket), Number(r.n));
    daily.set(key, h);
  }
  const days = Array.from({ length: 28 }, (_, i) => daysBefore(today, 27 - i));
  const trend = VITAL_METRICS.map((metric) => ({
    metric,
    days: days.map((day) => ({
      day,
      mobile: figure(metric, daily.get(`${day}\tmobile\t${metric}`)),
      desktop: figure(metric, daily.get(`${day}\tdesktop\t${metric}`)),
    })),
  }));

  return {
    today,
    minSamples: SITE_SPEED_MIN_SAMPLES,
    site: DEVICE_CLASSES.map((device) => w.row("site", device)),
    routes,
    trend,
    navigation: NAVIGATION_TYPES.map((navigationType) => ({
      navigationType,
      views: w.views.get(`navigation:${navigationType}`) ?? { d7: 0, d28: 0 },
    })),
  };
}
