import {
  SITE_SPEED_WINDOWS,
  siteSpeedAnswerSchema,
  type SiteSpeedAnswer,
  type SiteSpeedWindow,
  type SpeedRow,
} from "@site/contracts/desk";
import { type DeviceClass, VITAL_METRICS } from "@site/contracts/vitals";
import { Link, useSearchParams } from "react-router";
import { SpeedCard } from "~/components/speed-card";
import { SpeedTrend } from "~/components/speed-trend";
import { card, focusRing } from "~/components/ui";
import { api } from "~/lib/api";
import { routeLabel } from "~/lib/vitals-format";
import type { Route } from "./+types/site-speed";

export const meta: Route.MetaFunction = () => [{ title: "Site speed · Lead desk" }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return api(siteSpeedAnswerSchema, "/api/site-speed", { signal: request.signal });
}

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

function WindowSwitch({ days }: { days: SiteSpeedWindow }) {
  return (
    <nav
      aria-label="Period"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm"
    >
      {SITE_SPEED_WINDOWS.map((d) => (
        <Link
          key={d}
          to={`?days=${d}`}
          aria-current={d === days ? "page" : undefined}
          className={`rounded-md px-3 py-1.5 text-sm font-medium ${focusRing} ${
            d === days ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"
          }`}
        >
          Last {d} days
        </Link>
      ))}
    </nav>
  );
}

export default function SiteSpeed({ loaderData: a }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const days: SiteSpeedWindow = params.get("days") === "7" ? 7 : 28;
  const key = days === 7 ? "d7" : "d28";
  const [mobile, desktop] = [
    a.site.find((s) => s.device === "mobile")!,
    a.site.find((s) => s.device === "desktop")!,
  ];
  const total = mobile.views[key] + desktop.views[key];
  const routes = byRoute(a.routes).filter(([, r]) => r.mobile.views[key] + r.desktop.views[key] > 0);
  const began = a.navigation.filter((n) => n.views[key] > 0);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Site speed</h1>
          <p className="mt-1 text-sm text-slate-600">
            How fast the site is for real visitors who accepted cookies: the 75th percentile (p75) of each
            Core Web Vital, so three page views in four were at least this fast. Rated by web.dev&apos;s
            thresholds; with fewer than {a.minSamples} samples a figure is not shown. Up to {a.today} (UTC).
          </p>
        </div>
        <WindowSwitch days={days} />
      </div>

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
    </div>
  );
}
