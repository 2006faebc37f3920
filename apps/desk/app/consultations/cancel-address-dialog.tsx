import { cancelAddressAnswerSchema, type Meeting } from "@site/contracts/desk";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { api } from "~/lib/api";

/**
 * Cancels every upcoming meeting of the meeting's e-mail address in one step (a bot's bookings, say):
 * those confirmed are told by e-mail, those still waiting for confirmation go without a mail.
 */
export function CancelAddressDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  return (
    <ConfirmDialog
      title={`Cancel every upcoming meeting of ${meeting.visitor.email}?`}
      keepLabel="Keep them"
      actLabel="Cancel all of them"
      failure="The meetings could not be cancelled."
      onClose={onClose}
      act={() =>
        api(cancelAddressAnswerSchema, `/api/consultations/${meeting.leadId}/cancel-address`, {
          method: "POST",
        })
      }
    >
      <p className="text-sm text-slate-700">
        Every meeting booked with this address that has not started is cancelled, including bookings not
        confirmed yet, and their times are free again. The visitor and the members get a cancellation by
        e-mail for each confirmed one.
      </p>
    </ConfirmDialog>
  );
}
