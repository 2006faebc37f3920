import { COOKIES_ACCEPTED_KEY, cookiesAccepted } from "./cookie-consent";

/**
 * Defers the speed measurement (web-vitals and the beacon, one lazily loaded chunk: vitals-beacon.ts)
 * until the browser is idle after hydration, so it never competes with it and adds nothing to the
 * first-load JavaScript; and until the visitor has accepted cookies, without which no beacon is sent
 * (issue 34: a page viewed without consent runs no measurement code at all). web-vitals reads the
 * page's paint and layout-shift entries from the browser's buffer, so a page on which the visitor
 * accepts is still measured from its start.
 */
export function scheduleWebVitals(): () => void {
  const landingPath = window.location.pathname;
  const run = () => {
    import("./vitals-beacon")
      .then(({ startVitals }) => startVitals({ landingPath }))
      .catch(() => {
        /* measurement only: a failed load must never affect the page */
      });
  };
  const idle = "requestIdleCallback" in window;
  let id: number | undefined;
  const whenIdle = () => {
    id = idle ? window.requestIdleCallback(run, { timeout: 5_000 }) : window.setTimeout(run, 2_000);
  };
  if (cookiesAccepted()) whenIdle();
  else window.addEventListener(COOKIES_ACCEPTED_KEY, whenIdle, { once: true });
  return () => {
    window.removeEventListener(COOKIES_ACCEPTED_KEY, whenIdle);
    if (id !== undefined) (idle ? window.cancelIdleCallback : window.clearTimeout)(id);
  };
}
