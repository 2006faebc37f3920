import type { Metric } from "web-vitals";

/** Where metrics go. Measurement only: nothing is sent anywhere by default. */
export type MetricSink = (metric: Metric) => void;

const logInDevelopment: MetricSink = (metric) => {
  if (import.meta.env.DEV) console.debug(`[web-vitals] ${metric.name}`, metric.value, metric);
};

/** Loads web-vitals (its own chunk) and registers the Core Web Vitals observers. */
export async function reportWebVitals(sink: MetricSink = logInDevelopment) {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import("web-vitals");
  for (const register of [onCLS, onFCP, onINP, onLCP, onTTFB]) register(sink);
}

/** Defers loading web-vitals until the browser is idle after hydration, so it never competes with it. */
export function scheduleWebVitals(sink?: MetricSink): () => void {
  const run = () => {
    reportWebVitals(sink).catch(() => {
      /* measurement only: a failed load must never affect the page */
    });
  };
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 2_000);
  return () => clearTimeout(id);
}
