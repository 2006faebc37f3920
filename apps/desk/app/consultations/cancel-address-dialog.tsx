import { cancelAddressAnswerSchema, type Meeting } from "@site/contracts/desk";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Modal } from "~/components/modal";
import { buttonPrimary, buttonSecondary } from "~/components/ui";
import { api, ApiError } from "~/lib/api";

/**
 * Cancels every upcoming meeting of the meeting's e-mail address in one step (a bot's bookings, say):
 * those confirmed are told by e-mail, those still waiting for confirmation go without a mail.
 */
export function CancelAddressDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const email = meeting.visitor.email;
  async function cancelAll() {
    setBusy(true);
    try {
      await api(cancelAddressAnswerSchema, `/api/consultations/${meeting.leadId}/cancel-address`, {
        method: "POST",
      });
      await revalidator.revalidate();
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The meetings could not be cancelled.");
      setBusy(false);
    }
  }
  return (
    <Modal open onClose={onClose} title={`Cancel every upcoming meeting of ${email}?`}>
      <div className="space-y-4 p-4">
        <p className="text-sm text-slate-700">
          Every meeting booked with this address that has not started is cancelled, including bookings not
          confirmed yet, and their times are free again. The visitor and the members get a cancellation by
          e-mail for each confirmed one.
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonSecondary} onClick={onClose}>
            Keep them
          </button>
          <button type="button" className={buttonPrimary} disabled={busy} onClick={cancelAll}>
            Cancel all of them
          </button>
        </div>
      </div>
    </Modal>
  );
}
