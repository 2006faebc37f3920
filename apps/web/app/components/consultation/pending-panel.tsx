import { type BookedMeeting, CONFIRM_WITHIN_MINUTES } from "@site/contracts/consultation";
import { MailCheck } from "lucide-react";
import { consultation } from "@site/content/data/consultation";
import { timeIn, zoneName } from "~/lib/zone-format";
import { MeetingTime } from "./booked-panel";

const { pending } = consultation;

/**
 * After booking, while the address is not confirmed yet: the time, that a mail with the confirmation
 * link is on its way, and until when the time is held (the hold is the service's: `confirmBy`).
 */
export function PendingPanel({ meeting }: { meeting: BookedMeeting }) {
  return (
    <section
      aria-labelledby="booked-title"
      className="space-y-4"
      tabIndex={-1}
      data-booked=""
      data-pending=""
    >
      <h2 id="booked-title" className="flex items-center gap-2 text-xl font-semibold text-ink">
        <MailCheck aria-hidden="true" className="size-6 text-brand-700" />
        {pending.title}
      </h2>
      <MeetingTime meeting={meeting} />
      <p className="text-sm text-slate-700">{meeting.serviceLabel}</p>
      <p className="text-ink">{pending.emailSent}</p>
      {meeting.confirmBy ? (
        <p className="text-ink" data-confirm-by={meeting.confirmBy}>
          {pending.heldUntil}{" "}
          <strong className="font-semibold">
            {timeIn(meeting.confirmBy, meeting.zone)} ({zoneName(meeting.zone)} time)
          </strong>{" "}
          ({CONFIRM_WITHIN_MINUTES} minutes). {pending.lapse}
        </p>
      ) : null}
    </section>
  );
}
