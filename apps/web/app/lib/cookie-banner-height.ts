/**
 * The cookie banner's height in px while it is shown (0 otherwise), and what follows from it: <body>'s
 * bottom padding, so the end of the page stays reachable above the banner, and the lift of the floating
 * buttons (chat, back-to-top: every element marked LIFT_ATTRIBUTE) above it. Plain DOM, no framework:
 * on a content page the islands' loader measures the prerendered banner at load, long before any
 * widget is hydrated (docs/decisions/0022-content-page-islands.md).
 * The buttons are moved by their own `translate` (never a layout shift), not by a custom property on
 * <html>: changing an inherited property at the root restyles the whole page, a long task on a slow
 * phone.
 */
let height = 0;
const listeners = new Set<() => void>();

/** On a fixed bottom-right element that sits above the banner while it is shown. */
export const LIFT_ATTRIBUTE = "data-lift-above-cookie-banner";

/** Moves `element` above the banner by the current height (or back, at 0). */
export function applyLift(element: HTMLElement) {
  element.style.translate = height ? `0 -${height}px` : "";
}

function setHeight(next: number) {
  if (next === height) return;
  height = next;
  document.body.style.paddingBottom = next ? `${next}px` : "";
  for (const element of document.querySelectorAll<HTMLElement>(`[${LIFT_ATTRIBUTE}]`)) applyLift(element);
  for (const listener of listeners) listener();
}

export function cookieBannerHeight(): number {
  return height;
}

export function subscribeCookieBannerHeight(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let observed: { element: HTMLElement; observer?: ResizeObserver } | undefined;

/**
 * Follows the banner element's height (0 while CSS hides it) until the returned function is called,
 * which sets it back to 0. One banner is followed at a time: a call for the same element again (the
 * islands' loader, then the banner hydrated) keeps the one observer.
 */
export function followCookieBanner(element: HTMLElement): () => void {
  if (observed?.element !== element) {
    observed?.observer?.disconnect();
    const update = () => setHeight(element.offsetHeight);
    observed = {
      element,
      observer: typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(update),
    };
    observed.observer?.observe(element);
    update();
  }
  return () => {
    if (observed?.element !== element) return;
    observed.observer?.disconnect();
    observed = undefined;
    setHeight(0);
  };
}
