import { type Meeting, meetingSchema } from "@site/contracts/desk";
import { slotsAnswerSchema } from "@site/contracts/consultation";
import { useEffect, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Modal } from "~/components/modal";
import { buttonPrimary, buttonSecondary, card, fieldControl, fieldLabel, focusRing } from "~/components/ui";
import { api, ApiError } from "~/lib/api";
import { CancelAddressDialog } from "./cancel-address-dialog";
import { dayLabel, timeIn, viewerZone } from "./time";

/** The free times (in the viewer's zone) to move a meeting to: its own time counts as free. */
function MoveDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const zone = viewerZone();
  const id = useId();
  const revalidator = useRevalidator();
  const [days, setDays] = useState<{ date: string; slots: string[] }[]>();
  const [start, setStart] = useState("");
  const [error, setError] = useState<string>();
  useEffect(() => {
    const q = new URLSearchParams({ zone, except: meeting.leadId });
    api(slotsAnswerSchema, `/api/consultations/slots?${q}`).then(
      (a) => setDays(a.days),
      () => setError("The free times could not be loaded."),
    );
  }, [meeting.leadId, zone]);
  async function move() {
    try {
      await api(meetingSchema, `/api/consultations/${meeting.leadId}/reschedule`, {
        method: "POST",
        body: { start },
      });
      await revalidator.revalidate();
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The meeting could not be moved.");
    }
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Reschedule: ${meeting.visitor.name}`}
      widthClass="w-[min(32rem,calc(100vw-2rem))]"
    >
      <div className="space-y-4 p-4">
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
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonSecondary} onClick={onClose}>
            Keep the time
          </button>
          <button type="button" className={buttonPrimary} disabled={!start} onClick={move}>
            Move the meeting
          </button>
        </div>
      </div>
    </Modal>
  );
}

function CancelDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string>();
  async function cancel() {
    try {
      await api(meetingSchema, `/api/consultations/${meeting.leadId}/cancel`, { method: "POST" });
      await revalidator.revalidate();
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The meeting could not be cancelled.");
    }
  }
  return (
    <Modal open onClose={onClose} title={`Cancel the meeting with ${meeting.visitor.name}?`}>
      <div className="space-y-4 p-4">
        <p className="text-sm text-slate-700">
          The visitor and the member get a cancellation by e-mail; the time is free again.
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonSecondary} onClick={onClose}>
            Keep it
          </button>
          <button type="button" className={buttonPrimary} onClick={cancel}>
            Cancel the meeting
          </button>
        </div>
      </div>
    </Modal>
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
