/**
 * The cookie banner's height while it is shown, and what follows from it: <body>'s bottom padding, so
 * the end of the page stays reachable above the banner, and --cookie-banner-height on each element
 * marked LIFT_ATTRIBUTE (the islands' roots of the floating buttons, chat and back-to-top), by which the
 * buttons move above it (their `translate`, never a layout shift) and the live chat's panel keeps within
 * the screen. Set on those two elements only, not on <html>: changing an inherited property at the root
 * restyles the whole page, a long task on a slow phone. Plain DOM, no framework: on a content page the
 * islands' loader follows the prerendered banner from load, long before any widget is hydrated
 * (docs/decisions/0022-content-page-islands.md).
 */
let height = 0;

/** On the element around a fixed bottom-right one that sits above the banner while it is shown. */
export const LIFT_ATTRIBUTE = "data-lift-above-cookie-banner";

function setHeight(next: number) {
  if (next === height) return;
  height = next;
  document.body.style.paddingBottom = next ? `${next}px` : "";
  for (const element of document.querySelectorAll<HTMLElement>(`[${LIFT_ATTRIBUTE}]`))
    element.style.setProperty("--cookie-banner-height", `${next}px`);
}

/**
 * Follows the banner element's height (0 while CSS hides it, or once it is removed) until the returned
 * function is called, which sets it back to 0. The islands' loader follows the prerendered banner, and
 * the banner's component the same element once hydrated: two observers then report the same height.
 */
export function followCookieBanner(element: HTMLElement): () => void {
  const update = () => setHeight(element.offsetHeight);
  const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(update);
  observer?.observe(element);
  update();
  return () => {
    observer?.disconnect();
    setHeight(0);
  };
}
