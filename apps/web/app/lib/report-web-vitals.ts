/**
 * Defers the speed measurement (web-vitals and the beacon, one lazily loaded chunk: vitals-beacon.ts)
 * until the browser is idle after hydration, so it never competes with it and adds nothing to the
 * first-load JavaScript.
 */
export function scheduleWebVitals(): () => void {
  // Now, at hydration: the visitor may move to another page (client-side) before the browser is idle.
  const landingPath = window.location.pathname;
  const run = () => {
    import("./vitals-beacon")
      .then(({ startVitals }) => startVitals({ landingPath }))
      .catch(() => {
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
