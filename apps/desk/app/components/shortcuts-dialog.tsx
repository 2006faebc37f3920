import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { focusRing } from "./ui";

const SHORTCUTS: [keys: string[], what: string][] = [
  [["/"], "Search the inbox"],
  [["j"], "Next lead in the list"],
  [["k"], "Previous lead in the list"],
  [["Enter"], "Open the focused lead"],
  [["Esc"], "Leave the search box; from a lead, back to the inbox"],
  [["?"], "Show this list"],
];

/** The keyboard shortcuts, in a modal <dialog> (focus moves in, Escape closes, focus returns). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
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
      aria-labelledby="shortcuts-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
        <h2 id="shortcuts-title" className="text-base font-semibold">
          Keyboard shortcuts
        </h2>
        <button
          type="button"
          onClick={onClose}
          className={`rounded-md p-1 text-slate-600 hover:bg-slate-100 ${focusRing}`}
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <dl className="divide-y divide-slate-100 px-5 py-2">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={what} className="flex items-center justify-between gap-4 py-2 text-sm">
            <dt className="text-slate-700">{what}</dt>
            <dd className="flex gap-1">
              {keys.map((k) => (
                <kbd
                  key={k}
                  className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs"
                >
                  {k}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </dialog>
  );
}
