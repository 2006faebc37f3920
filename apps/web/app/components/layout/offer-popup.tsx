import { type ComponentType, useEffect, useRef, useState } from "react";
import { OFFER_DELAY_MS } from "~/lib/offer-delay";

/** sessionStorage key: the popup is shown at most once per visit (browser session). */
const OFFER_SEEN_KEY = "offerPopupShown";
/** The dialog's code is fetched this long before it opens, so it is ready on time. */
const PRELOAD_LEAD_MS = 2000;

type DialogComponent = ComponentType<{ onClose: () => void }>;
const loadDialog = () => import("./offer-popup-dialog").then((m) => m.default);

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
 * Home-page offer (spec §2): opens 10 s after the page loads, once per visit. Only this scheduler is
 * in the home page's bundle; the dialog itself is loaded just before it opens.
 */
export function OfferPopup() {
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    if (alreadySeen()) return;
    const root = document.documentElement;
    root.dataset.offerPopup = "scheduled";
    const preload = window.setTimeout(() => void loadDialog(), OFFER_DELAY_MS - PRELOAD_LEAD_MS);
    let active = true;
    const show = window.setTimeout(() => {
      if (alreadySeen()) return;
      markSeen();
      returnFocus.current = document.activeElement;
      void loadDialog().then((component) => {
        if (!active) return;
        root.dataset.offerPopup = "open";
        setDialog(() => component);
      });
    }, OFFER_DELAY_MS);
    return () => {
      active = false;
      window.clearTimeout(preload);
      window.clearTimeout(show);
      delete root.dataset.offerPopup;
    };
  }, []);

  if (!Dialog) return null;
  return (
    <Dialog
      onClose={() => {
        setDialog(null);
        document.documentElement.dataset.offerPopup = "closed";
        const el = returnFocus.current;
        if (el instanceof HTMLElement && el.isConnected) el.focus();
      }}
    />
  );
}
