import { type BookedMeeting, CONSULTATION_PATHS } from "@site/contracts/consultation";
import { useEffect, useState } from "react";
import { Button, LinkButton } from "~/components/ui/button";
import { consultation } from "@site/content/data/consultation";
import { postBooking } from "~/lib/consultation-api";
import { useSlots } from "~/lib/use-slots";
import { BookedPanel, MeetingTime } from "./booked-panel";
import { TimeChooser } from "./time-chooser";

type View =
  | { step: "loading" }
  | { step: "problem"; message: string }
  | { step: "shown" | "moving" | "confirm-cancel" | "moved" | "cancelled"; meeting: BookedMeeting };

const { manage } = consultation;
const problem = (status: number, body: unknown) =>
  status === 403 || status === 404
    ? manage.invalid
    : status === 410
      ? manage.gone
      : ((body as { message?: string } | undefined)?.message ?? consultation.messages.failure);

/** The visitor's link from the e-mail: the meeting, and moving or cancelling it until it starts. */
export function ManageMeeting({
  token,
  zone,
  own,
  onZone,
}: {
  token: string;
  zone: string;
  own: string;
  onZone: (z: string) => void;
}) {
  const [view, setView] = useState<View>({ step: "loading" });
  const [start, setStart] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { slots, reload } = useSlots(view.step === "moving" ? zone : null, token);

  useEffect(() => {
    postBooking(CONSULTATION_PATHS.lookup, { token }).then(
      (r) =>
        setView(
          r.ok
            ? { step: "shown", meeting: r.body as BookedMeeting }
            : { step: "problem", message: problem(r.status, r.body) },
        ),
      () => setView({ step: "problem", message: consultation.messages.unreachable }),
    );
  }, [token]);

  async function send(path: string, payload: Record<string, unknown>, next: "moved" | "cancelled") {
    setBusy(true);
    setError(undefined);
    try {
      const r = await postBooking(path, { token, ...payload });
      if (r.ok) setView({ step: next, meeting: r.body as BookedMeeting });
      else {
        setError(problem(r.status, r.body));
        if (r.status === 409) reload();
      }
    } catch {
      setError(consultation.messages.unreachable);
    } finally {
      setBusy(false);
    }
  }

  if (view.step === "loading") return <p className="text-sm text-slate-700">{consultation.loading}</p>;
  if (view.step === "problem") {
    return (
      <div className="space-y-4">
        <p role="alert" className="font-medium text-red-800">
          {view.message}
        </p>
        <LinkButton to="/consultation">{manage.bookAnother}</LinkButton>
      </div>
    );
  }
  const { meeting } = view;
  if (view.step === "moved") return <BookedPanel meeting={meeting} title={manage.moved} />;
  if (view.step === "cancelled" || meeting.status === "cancelled") {
    return (
      <div className="space-y-4">
        <p role="status" className="font-medium text-ink">
          {manage.cancelled}
        </p>
        <LinkButton to="/consultation">{manage.bookAnother}</LinkButton>
      </div>
    );
  }
  return (
    <section aria-labelledby="manage-title" className="space-y-5">
      <h2 id="manage-title" className="text-xl font-semibold text-ink">
        {manage.title}
      </h2>
      <MeetingTime meeting={meeting} />
      {view.step === "moving" ? (
        <>
          <TimeChooser
            zone={zone}
            own={own}
            onZone={(z) => {
              setStart("");
              onZone(z);
            }}
            slots={slots}
            value={start}
            onChange={setStart}
          />
          <Button
            disabled={!start || busy}
            onClick={() => send(CONSULTATION_PATHS.reschedule, { start, zone }, "moved")}
          >
            {manage.move}
          </Button>
        </>
      ) : view.step === "confirm-cancel" ? (
        <div className="flex flex-wrap gap-3">
          <Button disabled={busy} onClick={() => send(CONSULTATION_PATHS.cancel, {}, "cancelled")}>
            {manage.confirmCancel}
          </Button>
          <Button variant="secondary" onClick={() => setView({ step: "shown", meeting })}>
            {manage.keep}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setView({ step: "moving", meeting })}>{manage.reschedule}</Button>
          <Button variant="secondary" onClick={() => setView({ step: "confirm-cancel", meeting })}>
            {manage.cancel}
          </Button>
        </div>
      )}
      <div role="alert">{error ? <p className="font-medium text-red-800">{error}</p> : null}</div>
    </section>
  );
}
