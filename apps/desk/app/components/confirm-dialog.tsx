import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import { Modal } from "./modal";
import { buttonPrimary, buttonSecondary } from "./ui";
import { ApiError } from "~/lib/api";

/**
 * A dialog that asks before one action on the desk's API: what it does (children), a button that
 * keeps things as they are and one that acts. Acting runs `act`, then reloads the screen's data and
 * closes; a refusal is shown in the dialog (the API's words, else `failure`), which stays open.
 */
export function ConfirmDialog({
  title,
  keepLabel,
  actLabel,
  act,
  failure,
  onClose,
  disabled = false,
  widthClass,
  children,
}: {
  title: string;
  keepLabel: string;
  actLabel: string;
  act: () => Promise<unknown>;
  failure: string;
  onClose: () => void;
  /** The act button waits for something (a choice) the children ask for. */
  disabled?: boolean;
  widthClass?: string;
  children: ReactNode;
}) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await act();
      await revalidator.revalidate();
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : failure);
      setBusy(false);
    }
  }
  return (
    <Modal open onClose={onClose} title={title} {...(widthClass ? { widthClass } : {})}>
      <div className="space-y-4 p-4">
        {children}
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonSecondary} onClick={onClose}>
            {keepLabel}
          </button>
          <button type="button" className={buttonPrimary} disabled={disabled || busy} onClick={run}>
            {actLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
