import type { SiteSpeedAnswer, SiteSpeedWindow, SpeedRow } from "@site/contracts/desk";
import { type DeviceClass, VITAL_METRICS } from "@site/contracts/vitals";
import { routeLabel } from "./speed-format";
import { SpeedCard } from "./speed-card";
import { SpeedTrend } from "./speed-trend";
import { card } from "~/components/ui";

const NAVIGATION_LABELS: Record<SiteSpeedAnswer["navigation"][number]["navigationType"], string> = {
  navigate: "link or address",
  reload: "reload",
  "back-forward": "back or forward",
  "back-forward-cache": "back or forward (instant)",
  prerender: "prerendered",
  restore: "restored tab",
};

const emptyRow = (device: DeviceClass): SpeedRow => ({
  device,
  views: { d7: 0, d28: 0 },
  metrics: VITAL_METRICS.map((metric) => ({
    metric,
    d7: { samples: 0, p75: null },
    d28: { samples: 0, p75: null },
  })),
});

/** The answer's rows (one per route and device) as one entry per route, most viewed first. */
function byRoute(rows: SiteSpeedAnswer["routes"]) {
  const routes = new Map<string, Record<DeviceClass, SpeedRow>>();
  for (const row of rows) {
    const entry = routes.get(row.route) ?? { mobile: emptyRow("mobile"), desktop: emptyRow("desktop") };
    entry[row.device] = row;
    routes.set(row.route, entry);
  }
  return [...routes];
}

/** The Site speed figures of a window that has measurements: page views, each route, the trends. */
export function SpeedFigures({ answer: a, days }: { answer: SiteSpeedAnswer; days: SiteSpeedWindow }) {
  const key = days === 7 ? "d7" : "d28";
  const [mobile, desktop] = [
    a.site.find((s) => s.device === "mobile")!,
    a.site.find((s) => s.device === "desktop")!,
  ];
  const total = mobile.views[key] + desktop.views[key];
  const routes = byRoute(a.routes).filter(([, r]) => r.mobile.views[key] + r.desktop.views[key] > 0);
  const began = a.navigation.filter((n) => n.views[key] > 0);
  return (
    <>
      <section aria-labelledby="views-title" className={`p-4 sm:p-5 ${card}`}>
        <h2 id="views-title" className="text-sm font-medium text-slate-600">
          Page views measured, last {days} days
        </h2>
        <p className="mt-1 text-3xl font-semibold tracking-tight tabular-nums">
          {total.toLocaleString("en-GB")}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Mobile {mobile.views[key].toLocaleString("en-GB")} · Desktop{" "}
          {desktop.views[key].toLocaleString("en-GB")}
          {began.length > 0 &&
            ` · began by ${began.map((n) => `${NAVIGATION_LABELS[n.navigationType]} ${n.views[key].toLocaleString("en-GB")}`).join(", ")}`}
        </p>
      </section>

      <section aria-labelledby="routes-title" className="space-y-3">
        <h2 id="routes-title" className="text-lg font-semibold">
          By route
        </h2>
        {routes.length === 0 ? (
          <p className={`p-4 text-sm text-slate-600 ${card}`}>
            No page view measured in the last {days} days. Figures appear once visitors who accepted cookies
            browse the site.
          </p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            <SpeedCard
              title="Whole site (every route)"
              mobile={mobile}
              desktop={desktop}
              days={days}
              minSamples={a.minSamples}
            />
            {routes.map(([route, rows]) => (
              <SpeedCard
                key={route}
                title={routeLabel(route)}
                {...rows}
                days={days}
                minSamples={a.minSamples}
              />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="trend-title" className="space-y-3">
        <h2 id="trend-title" className="text-lg font-semibold">
          Daily trend, last 28 days
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          {a.trend.map((t) => (
            <SpeedTrend key={t.metric} trend={t} minSamples={a.minSamples} />
          ))}
        </div>
      </section>
    </>
  );
}
