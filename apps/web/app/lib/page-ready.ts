import { scheduleWebVitals } from "./report-web-vitals";

/**
 * Once a page's widgets run (React Router hydrated the page, or the islands' script hydrated its
 * islands): marks <html data-hydrated> (the cookie banner's head script stands down; browser tests wait
 * for it) and schedules the real-user speed measurement. One place for both kinds of page.
 */
export function pageReady(): () => void {
  document.documentElement.dataset.hydrated = "true";
  return scheduleWebVitals();
}
