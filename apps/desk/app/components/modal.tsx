import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { focusRing } from "./ui";

/**
 * A modal <dialog> with a titled header and a close button: open while `open` is true (focus moves
 * in, Escape and the button close it, focus returns to where it was).
 */
export function Modal({
  open,
  onClose,
  title,
  describedBy,
  widthClass = "w-[min(28rem,calc(100vw-2rem))]",
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  describedBy?: string;
  /** A Tailwind width class written out in full (Tailwind finds classes in the source). */
  widthClass?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      className={`m-auto ${widthClass} rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40`}
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <h2 id={titleId} className="min-w-0 break-words text-base font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className={`shrink-0 rounded-md p-1 text-slate-600 hover:bg-slate-100 ${focusRing}`}
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      {children}
    </dialog>
  );
}
