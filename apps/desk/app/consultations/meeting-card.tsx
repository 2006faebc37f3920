import { type Meeting, meetingSchema } from "@site/contracts/desk";
import { slotsAnswerSchema } from "@site/contracts/consultation";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { buttonSecondary, card, fieldControl, fieldLabel, focusRing } from "~/components/ui";
import { api } from "~/lib/api";
import { CancelAddressDialog } from "./cancel-address-dialog";
import { dayLabel, timeIn, viewerZone } from "./time";

/** The free times (in the viewer's zone) to move a meeting to: its own time counts as free. */
function MoveDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const zone = viewerZone();
  const id = useId();
  const [days, setDays] = useState<{ date: string; slots: string[] }[]>();
  const [start, setStart] = useState("");
  const [loadError, setLoadError] = useState(false);
  useEffect(() => {
    const q = new URLSearchParams({ zone, except: meeting.leadId });
    api(slotsAnswerSchema, `/api/consultations/slots?${q}`).then(
      (a) => setDays(a.days),
      () => setLoadError(true),
    );
  }, [meeting.leadId, zone]);
  return (
    <ConfirmDialog
      title={`Reschedule: ${meeting.visitor.name}`}
      widthClass="w-[min(32rem,calc(100vw-2rem))]"
      keepLabel="Keep the time"
      actLabel="Move the meeting"
      disabled={!start}
      failure="The meeting could not be moved."
      onClose={onClose}
      act={() =>
        api(meetingSchema, `/api/consultations/${meeting.leadId}/reschedule`, {
          method: "POST",
          body: { start },
        })
      }
    >
      <label htmlFor={id} className={fieldLabel}>
        New time ({zone})
      </label>
      <select
        id={id}
        className={fieldControl}
        value={start}
        onChange={(e) => setStart(e.target.value)}
        disabled={!days}
      >
        <option value="">{days ? "Choose a time" : "Loading…"}</option>
        {days?.map((d) => (
          <optgroup key={d.date} label={dayLabel(d.date)}>
            {d.slots.map((s) => (
              <option key={s} value={s}>
                {dayLabel(d.date)}, {timeIn(s, zone)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <p className="text-sm text-slate-600">The visitor gets the updated invitation by e-mail.</p>
      {loadError ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          The free times could not be loaded.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

function CancelDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  return (
    <ConfirmDialog
      title={`Cancel the meeting with ${meeting.visitor.name}?`}
      keepLabel="Keep it"
      actLabel="Cancel the meeting"
      failure="The meeting could not be cancelled."
      onClose={onClose}
      act={() => api(meetingSchema, `/api/consultations/${meeting.leadId}/cancel`, { method: "POST" })}
    >
      <p className="text-sm text-slate-700">
        The visitor and the member get a cancellation by e-mail; the time is free again.
      </p>
    </ConfirmDialog>
  );
}

/** One meeting: when (viewer's zone, and the member's), who, about what, and what can be done. */
export function MeetingCard({ meeting }: { meeting: Meeting }) {
  const [open, setOpen] = useState<"move" | "cancel" | "address">();
  const zone = viewerZone();
  const v = meeting.visitor;
  return (
    <article className={`p-4 ${card}`} aria-labelledby={`m-${meeting.leadId}`} data-meeting={meeting.leadId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={`m-${meeting.leadId}`} className="font-semibold">
          {timeIn(meeting.start, zone)}–{timeIn(meeting.end, zone)}{" "}
          <Link
            to={`/leads/${meeting.leadId}`}
            className={`rounded text-brand-700 hover:underline ${focusRing}`}
          >
            {v.name}
          </Link>
        </h4>
        <span className="text-xs text-slate-600">
          {meeting.member.zone !== zone
            ? `${timeIn(meeting.start, meeting.member.zone)} for ${meeting.member.name} · `
            : ""}
          visitor in {v.zone}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="sr-only">Service</dt>
          <dd>{meeting.serviceLabel}</dd>
        </div>
        <div>
          <dt className="sr-only">E-mail</dt>
          <dd className="break-all">
            <a className={`text-brand-700 hover:underline ${focusRing}`} href={`mailto:${v.email}`}>
              {v.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="sr-only">Phone</dt>
          <dd>{v.phone ?? "No phone given"}</dd>
        </div>
        <div>
          <dt className="sr-only">Company</dt>
          <dd>{v.company ?? "No company given"}</dd>
        </div>
      </dl>
      {meeting.note ? (
        <p className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-2 text-sm">
          {meeting.note}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonSecondary} onClick={() => setOpen("move")}>
          Reschedule
        </button>
        <button type="button" className={buttonSecondary} onClick={() => setOpen("cancel")}>
          Cancel
        </button>
        <button type="button" className={buttonSecondary} onClick={() => setOpen("address")}>
          Cancel all of this address
        </button>
      </div>
      {open === "move" ? <MoveDialog meeting={meeting} onClose={() => setOpen(undefined)} /> : null}
      {open === "cancel" ? <CancelDialog meeting={meeting} onClose={() => setOpen(undefined)} /> : null}
      {open === "address" ? (
        <CancelAddressDialog meeting={meeting} onClose={() => setOpen(undefined)} />
      ) : null}
    </article>
  );
}
