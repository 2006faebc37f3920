import { useSyncExternalStore } from "react";

/**
 * Height in px of the cookie banner while it is shown (0 otherwise), shared with the floating
 * buttons (chat, back-to-top) that sit above it. A tiny store rather than a CSS custom property on
 * <html>: changing an inherited property at the root restyles the whole page, a long task on a slow
 * phone right after hydration. The buttons move by transform, which is never a layout shift, and only
 * <body>'s own padding changes so the end of the page stays reachable above the banner.
 */
let height = 0;
const listeners = new Set<() => void>();

export function setCookieBannerHeight(next: number) {
  if (next === height) return;
  height = next;
  if (typeof document !== "undefined") document.body.style.paddingBottom = next ? `${next}px` : "";
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The cookie banner's height in px while it is shown, else 0. */
export function useCookieBannerHeight(): number {
  return useSyncExternalStore(
    subscribe,
    () => height,
    () => 0,
  );
}

/** Inline style that lifts a fixed bottom-right element above the cookie banner. */
export function useLiftAboveCookieBanner(): { transform?: string } {
  const offset = useCookieBannerHeight();
  return offset ? { transform: `translateY(-${offset}px)` } : {};
}
