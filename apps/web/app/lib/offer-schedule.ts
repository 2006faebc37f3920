import { OFFER_DELAY_MS } from "./offer-delay";

/**
 * The offer popup's clock (spec §2: it opens 10 s after the home page loads, once per visit). Plain DOM,
 * no framework: on the home page as a content page the islands' loader starts it at load and hydrates
 * the popup only when it is due (docs/decisions/0022-content-page-islands.md); the popup's component
 * starts it itself where React renders the page.
 */

/** sessionStorage key: the popup is shown at most once per visit (browser session). */
const OFFER_SEEN_KEY = "offerPopupShown";
/** The dialog's code is fetched this long before it opens, so it is ready on time. */
const PRELOAD_LEAD_MS = 2000;

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
 * 2 s before the popup is due and `open` when it is (once, marking it seen). Returns what stops it.
 */
export function scheduleOffer({ preload, open }: { preload: () => void; open: () => void }): () => void {
  if (alreadySeen()) return () => {};
  const root = document.documentElement;
  root.dataset.offerPopup = "scheduled";
  const early = window.setTimeout(preload, OFFER_DELAY_MS - PRELOAD_LEAD_MS);
  const due = window.setTimeout(() => {
    if (alreadySeen()) return;
    markSeen();
    open();
  }, OFFER_DELAY_MS);
  return () => {
    window.clearTimeout(early);
    window.clearTimeout(due);
    delete root.dataset.offerPopup;
  };
}
