import { BadgePercent, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "~/components/ui/site-link";
import { buttonClass } from "~/components/ui/button";
import { offer } from "@site/content/data/offer";

/**
 * The offer as a native modal <dialog>: showModal() moves focus in, makes the rest of the page
 * inert (so focus stays inside) and closes on Escape; the opener restores focus on close.
 */
export default function OfferPopupDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  // showModal() already makes the page behind inert; this keeps Tab cycling inside the dialog
  // instead of leaving for the browser's own controls.
  const onKeyDown = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== "Tab" || !ref.current) return;
    const focusable = ref.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])");
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      onKeyDown={onKeyDown}
      aria-labelledby="offer-title"
      aria-describedby="offer-text"
      onClose={onClose}
      className="fixed inset-0 m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl border-0 bg-white p-0 text-ink shadow-2xl backdrop:bg-slate-950/60"
    >
      <div className="relative overflow-hidden rounded-3xl">
        <div className="bg-brand-800 px-8 pt-10 pb-8 text-center text-white">
          <BadgePercent aria-hidden="true" className="mx-auto size-12 text-blue-200" />
          <h2 id="offer-title" className="mt-4 text-2xl font-bold">
            {offer.title}
          </h2>
          <p className="mt-2 text-5xl font-extrabold tracking-tight">
            {offer.discount} <span className="text-2xl font-bold">off</span>
          </p>
          <p className="mt-1 text-lg font-medium text-blue-100">all services</p>
        </div>
        <div className="px-8 py-7 text-center">
          <p id="offer-text" className="text-slate-700">
            {offer.text}
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Link
              to={offer.cta.href}
              className={buttonClass("primary", "px-6")}
              onClick={() => ref.current?.close()}
            >
              {offer.cta.label}
            </Link>
            <button
              type="button"
              className={buttonClass("secondary", "px-6")}
              onClick={() => ref.current?.close()}
            >
              Close
            </button>
          </div>
        </div>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label="Close offer"
          className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </dialog>
  );
}
