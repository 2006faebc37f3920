import { type RefObject, useLayoutEffect, useSyncExternalStore } from "react";
import {
  LIFT_ATTRIBUTE,
  applyLift,
  cookieBannerHeight,
  subscribeCookieBannerHeight,
} from "./cookie-banner-height";

/** The cookie banner's height in px while it is shown, else 0 (cookie-banner-height.ts). */
export function useCookieBannerHeight(): number {
  return useSyncExternalStore(subscribeCookieBannerHeight, cookieBannerHeight, () => 0);
}

/**
 * Lifts a fixed bottom-right element above the cookie banner while it is shown: spread the returned
 * attribute on the element that `ref` holds. The store moves every marked element when the banner's
 * height changes; one that mounts later (back-to-top, after a scroll) takes the current lift here.
 */
export function useLiftAboveCookieBanner(ref: RefObject<HTMLElement | null>): Record<string, string> {
  useLayoutEffect(() => {
    if (ref.current) applyLift(ref.current);
  });
  return { [LIFT_ATTRIBUTE]: "" };
}
