import { Modal } from "~/components/modal";

const SHORTCUTS: [keys: string[], what: string][] = [
  [["/"], "Search the inbox"],
  [["j"], "Next lead in the list"],
  [["k"], "Previous lead in the list"],
  [["Enter"], "Open the focused lead"],
  [["Esc"], "Leave the search box; from a lead, back to the inbox"],
  [["?"], "Show this list"],
];

/** The keyboard shortcuts, in a modal dialog (focus moves in, Escape closes, focus returns). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts">
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
    </Modal>
  );
}
