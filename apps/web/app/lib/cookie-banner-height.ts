import { useEffect, useState } from "react";

/**
 * The cookie banner's height while it is shown (0 while CSS hides it, or once it is removed), followed
 * for as long as the calling component is mounted. Nothing else needs it: the banner and the floating
 * buttons share a dock at the end of the page (site-chrome.tsx), which keeps the buttons above the
 * banner and the page's end reachable with no script. The open live chat panel uses it to fit between
 * the top of the screen and the banner.
 */
export function useCookieBannerHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const banner = document.querySelector<HTMLElement>("[data-cookie-banner]");
    if (!banner) return;
    // What it takes of the screen: its box less the white that bleeds below the screen's edge (its
    // negative bottom margin, cookie-banner.tsx).
    const update = () =>
      setHeight(banner.offsetHeight + parseFloat(getComputedStyle(banner).marginBottom || "0"));
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(update);
    observer?.observe(banner);
    update();
    return () => observer?.disconnect();
  }, []);
  return height;
}
