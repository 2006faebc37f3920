import { SITE_SPEED_WINDOWS, siteSpeedAnswerSchema, type SiteSpeedWindow } from "@site/contracts/desk";
import { Link, useSearchParams } from "react-router";
import { SpeedEmpty } from "./speed-empty";
import { SpeedFigures } from "./speed-figures";
import { focusRing } from "~/components/ui";
import { api } from "~/lib/api";
import type { Route } from "./+types/site-speed";

export const meta: Route.MetaFunction = () => [{ title: "Site speed · Lead desk" }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return api(siteSpeedAnswerSchema, "/api/site-speed", { signal: request.signal });
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
  // Nothing in the longest window (the trend's): one explanation, no period to choose, no empty chart.
  const measured = a.site.some((s) => s.views.d28 > 0);
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
        {measured ? <WindowSwitch days={days} /> : null}
      </div>
      {measured ? <SpeedFigures answer={a} days={days} /> : <SpeedEmpty minSamples={a.minSamples} />}
    </div>
  );
}
