import { type BookedMeeting, CONSULTATION_PATHS } from "@site/contracts/consultation";
import { useEffect, useState } from "react";
import { LinkButton } from "~/components/ui/button";
import { consultation } from "@site/content/data/consultation";
import { postBooking } from "~/lib/consultation-api";
import { BookedPanel } from "./booked-panel";

type View =
  | { step: "checking" }
  | { step: "confirmed"; meeting: BookedMeeting }
  | { step: "problem"; message: string };

const { manage } = consultation;
/** The words for a link that does not confirm: not ours, gone, or its hold lapsed (the service's words). */
function problem(status: number, body: unknown) {
  const { error, message } = (body ?? {}) as { error?: string; message?: string };
  if (status === 403 || status === 404) return manage.invalid;
  if (status === 410) return error === "confirmation_expired" && message ? message : manage.gone;
  return message ?? consultation.messages.failure;
}

/**
 * The confirmation link of the first e-mail (#confirm=…): confirms the booking, then shows it with the
 * invitation as a booking does; a lapsed hold or a cancelled meeting is said in words.
 */
export function ConfirmMeeting({ token }: { token: string }) {
  const [view, setView] = useState<View>({ step: "checking" });
  useEffect(() => {
    postBooking(CONSULTATION_PATHS.confirm, { token }).then(
      (r) => {
        if (!r.ok) return setView({ step: "problem", message: problem(r.status, r.body) });
        const meeting = r.body as BookedMeeting;
        // A reload of the page shows the meeting through its own link, not the spent confirmation.
        if (meeting.token) window.history.replaceState(null, "", `#manage=${meeting.token}`);
        setView({ step: "confirmed", meeting });
      },
      () => setView({ step: "problem", message: consultation.messages.unreachable }),
    );
  }, [token]);
  useEffect(() => {
    if (view.step !== "checking") document.querySelector<HTMLElement>("[data-confirm-result]")?.focus();
  }, [view.step]);

  if (view.step === "checking") {
    return (
      <p role="status" className="text-sm text-slate-700">
        {consultation.confirm.checking}
      </p>
    );
  }
  if (view.step === "confirmed") {
    return (
      <div data-confirm-result="" tabIndex={-1} className="focus:outline-none">
        <BookedPanel meeting={view.meeting} title={consultation.confirm.title} />
      </div>
    );
  }
  return (
    <div className="space-y-4 focus:outline-none" data-confirm-result="" tabIndex={-1}>
      <p role="alert" className="font-medium text-red-800">
        {view.message}
      </p>
      <LinkButton to="/consultation">{manage.bookAnother}</LinkButton>
    </div>
  );
}
