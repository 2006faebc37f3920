import type { BookedMeeting } from "@site/contracts/consultation";
import { CalendarCheck, Download } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { consultation } from "@site/content/data/consultation";
import { whenIn, zoneName } from "~/lib/zone-format";

/** The meeting's time in the visitor's zone and in London's. */
export function MeetingTime({ meeting }: { meeting: BookedMeeting }) {
  return (
    <p className="text-lg text-ink" data-meeting-start={meeting.start}>
      <strong className="font-semibold">{whenIn(meeting.start, meeting.zone)}</strong> (
      {zoneName(meeting.zone)} time)
      {meeting.zone !== "Europe/London" ? (
        <span className="block text-base text-slate-700">
          {whenIn(meeting.start, "Europe/London")} in London
        </span>
      ) : null}
    </p>
  );
}

/** A download of the invitation (.ics) from the answer itself: no second request. */
function IcsLink({ ics }: { ics: string }) {
  const [href, setHref] = useState<string>();
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([ics], { type: "text/calendar;charset=utf-8" }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [ics]);
  return href ? (
    <a href={href} download="consultation.ics" className={buttonClass("secondary")}>
      <Download aria-hidden="true" className="size-4" />
      {consultation.booked.download}
    </a>
  ) : null;
}

/** After booking or moving: when, the .ics, and that an e-mail is on its way. */
export function BookedPanel({
  meeting,
  title,
  children,
}: {
  meeting: BookedMeeting;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="booked-title" className="space-y-4" tabIndex={-1} data-booked="">
      <h2 id="booked-title" className="flex items-center gap-2 text-xl font-semibold text-ink">
        <CalendarCheck aria-hidden="true" className="size-6 text-green-700" />
        {title}
      </h2>
      <MeetingTime meeting={meeting} />
      <p className="text-sm text-slate-700">{meeting.serviceLabel}</p>
      <p className="text-sm text-slate-700">{consultation.booked.emailSent}</p>
      <div className="flex flex-wrap gap-3">
        {meeting.ics ? <IcsLink ics={meeting.ics} /> : null}
        {children}
      </div>
    </section>
  );
}
