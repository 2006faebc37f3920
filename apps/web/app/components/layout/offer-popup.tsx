import { type ComponentType, useEffect, useRef, useState } from "react";
import { scheduleOffer } from "~/lib/offer-schedule";

type DialogComponent = ComponentType<{ onClose: () => void }>;
/** The dialog's code, a chunk of its own: fetched just before the popup opens. */
export const loadOfferDialog = () => import("./offer-popup-dialog").then((m) => m.default);

/**
 * Home-page offer (spec §2): opens 10 s after the page loads, once per visit (lib/offer-schedule.ts).
 * Only this component is in the home page's bundle; the dialog itself is loaded just before it opens.
 * `due`: the popup's time has come (the islands' loader ran the clock and hydrates it now); otherwise
 * the component runs the clock itself.
 */
export function OfferPopup({ due = false }: { due?: boolean }) {
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    let active = true;
    const open = () => {
      returnFocus.current = document.activeElement;
      void loadOfferDialog().then((component) => {
        if (!active) return;
        document.documentElement.dataset.offerPopup = "open";
        setDialog(() => component);
      });
    };
    const stop = due ? undefined : scheduleOffer({ preload: () => void loadOfferDialog(), open });
    if (due) open();
    return () => {
      active = false;
      stop?.();
    };
  }, [due]);

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
