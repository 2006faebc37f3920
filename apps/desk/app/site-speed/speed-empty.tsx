import { Gauge } from "lucide-react";
import { card } from "~/components/ui";

/**
 * The Site speed screen before any measurement: one explanation of where the figures come from and
 * when they appear, instead of empty cards and five empty charts.
 */
export function SpeedEmpty({ minSamples }: { minSamples: number }) {
  return (
    <section aria-labelledby="speed-empty-title" className={`flex gap-4 p-5 sm:p-6 ${card}`}>
      <Gauge aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
      <div className="max-w-2xl space-y-2 text-sm text-slate-700">
        <h2 id="speed-empty-title" className="text-base font-semibold text-ink">
          No page view measured yet
        </h2>
        <p>
          These figures come from real visitors. When a visitor who accepted cookies leaves a page, the site
          sends that page view&apos;s Core Web Vitals (LCP, INP, CLS, FCP and TTFB) to the contact service,
          and they are counted here by route and device for 28 days.
        </p>
        <p>
          None has arrived in the last 28 days. The figures appear as visitors browse the site, each one once
          it has {minSamples} samples. If the site has had visitors, check that it was built with{" "}
          <code className="font-mono text-xs">VITE_CONTACT_API_URL</code> pointing at the contact service and
          that the service allows the site&apos;s origin (
          <code className="font-mono text-xs">ALLOWED_ORIGINS</code>).
        </p>
      </div>
    </section>
  );
}
