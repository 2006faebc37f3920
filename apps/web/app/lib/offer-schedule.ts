import { OFFER_DELAY_MS, OFFER_PRELOAD_LEAD_MS } from "./offer-delay";

/**
 * The offer popup's clock (spec §2: it opens 10 s after the home page loads, once per visit). Plain DOM,
 * no framework: on the home page as a content page the islands' loader starts it, with the time the
 * page's boot script started, and hydrates the popup only when it is due
 * (docs/decisions/0022-content-page-islands.md); the popup's component starts it itself where React
 * renders the page.
 */

/** sessionStorage key: the popup is shown at most once per visit (browser session). */
const OFFER_SEEN_KEY = "offerPopupShown";

function alreadySeen() {
  try {
    return window.sessionStorage.getItem(OFFER_SEEN_KEY) === "true";
  } catch {
    return false;
  }
}

function markSeen() {
  try {
    window.sessionStorage.setItem(OFFER_SEEN_KEY, "true");
  } catch {
    // Storage may be unavailable (private mode); the popup then shows once per page view.
  }
}

/**
 * Unless the popup was seen in this visit: marks <html data-offer-popup="scheduled">, calls `preload`
 * 2 s before the popup is due and `open` when it is (once, marking it seen), counting from `since` (a
 * Date.now() time, by default now); what is already due runs at once. Returns what stops it.
 */
export function scheduleOffer({
  preload,
  open,
  since = Date.now(),
}: {
  preload: () => void;
  open: () => void;
  since?: number;
}): () => void {
  if (alreadySeen()) return () => {};
  const root = document.documentElement;
  root.dataset.offerPopup = "scheduled";
  const timers: number[] = [];
  const at = (ms: number, run: () => void) => {
    const wait = since + ms - Date.now();
    if (wait > 0) timers.push(window.setTimeout(run, wait));
    else run();
  };
  at(OFFER_DELAY_MS - OFFER_PRELOAD_LEAD_MS, preload);
  at(OFFER_DELAY_MS, () => {
    if (alreadySeen()) return;
    markSeen();
    open();
  });
  return () => {
    timers.forEach((timer) => window.clearTimeout(timer));
    delete root.dataset.offerPopup;
  };
}
