import { DELIVERY_CHANNEL_LABELS, LEAD_STATUS_LABELS, type TimelineItem } from "@site/contracts/desk";
import {
  ArrowRightLeft,
  CalendarClock,
  Download,
  Inbox,
  MessageSquareText,
  Send,
  ShieldAlert,
  UserRound,
} from "lucide-react";
import type { ReactNode } from "react";
import { formatDateTime } from "~/lib/format";
import { card } from "~/components/ui";

function describe(item: TimelineItem): [icon: ReactNode, text: ReactNode] {
  const who = (a: { name: string } | null) => a?.name ?? "Someone";
  const icon = "size-4 text-slate-600";
  switch (item.type) {
    case "received":
      return [
        <Inbox key="i" aria-hidden="true" className={icon} />,
        item.kind === "consultation"
          ? "Booked on the consultation page"
          : item.kind === "chat"
            ? "Chat started on the site"
            : `Received from the ${item.kind === "quotation" ? "quote" : "contact"} form`,
      ];
    case "status":
      return [
        <ArrowRightLeft key="i" aria-hidden="true" className={icon} />,
        <>
          {who(item.actor)} set the status to <strong>{LEAD_STATUS_LABELS[item.to]}</strong>
          {item.from ? ` (was ${LEAD_STATUS_LABELS[item.from]})` : ""}
        </>,
      ];
    case "assignee":
      return [
        <UserRound key="i" aria-hidden="true" className={icon} />,
        item.to ? (
          <>
            {who(item.actor)} assigned it to <strong>{item.to.name}</strong>
          </>
        ) : (
          `${who(item.actor)} removed the assignee`
        ),
      ];
    case "note":
      return [
        <MessageSquareText key="i" aria-hidden="true" className={icon} />,
        `${who(item.actor)} added a note`,
      ];
    case "delivery": {
      const channel = DELIVERY_CHANNEL_LABELS[item.channel];
      const tries = `${item.attempts} attempt${item.attempts === 1 ? "" : "s"}`;
      const text = {
        queued: `${channel}: queued`,
        sent: `${channel}: delivered (${tries})`,
        retrying: `${channel}: failed, retrying (${tries})${item.error ? `: ${item.error}` : ""}`,
        failed: `${channel}: given up after ${tries}${item.error ? `: ${item.error}` : ""}`,
      }[item.event];
      return [<Send key="i" aria-hidden="true" className={icon} />, text];
    }
    case "spam":
      return [
        <ShieldAlert key="i" aria-hidden="true" className={icon} />,
        `${who(item.actor)} marked it ${item.spam ? "as spam" : "as not spam"}`,
      ];
    case "export":
      return [<Download key="i" aria-hidden="true" className={icon} />, `${who(item.actor)} exported it`];
    case "meeting":
      return [
        <CalendarClock key="i" aria-hidden="true" className={icon} />,
        `${item.actor ? item.actor.name : "The visitor"} ${
          item.to === "cancelled"
            ? "cancelled the meeting"
            : `moved the meeting to ${formatDateTime(item.to)}`
        }`,
      ];
  }
}

/**
 * What happened to the lead, oldest first, from GET /api/leads/:id/timeline: received, each channel's
 * deliveries, status and assignee changes, spam decisions, notes and exports.
 */
export function Timeline({ items }: { items: TimelineItem[] }) {
  return (
    <section aria-labelledby="timeline-title" className={`p-4 sm:p-5 ${card}`}>
      <h2 id="timeline-title" className="text-base font-semibold">
        Timeline
      </h2>
      <ol className="mt-3 space-y-3 border-l border-slate-200 pl-4">
        {items.map((item, i) => {
          const [icon, text] = describe(item);
          return (
            <li key={`${item.type}-${item.at}-${i}`} className="relative">
              <span className="absolute -left-[1.6rem] top-0.5 rounded-full bg-white p-0.5">{icon}</span>
              <p className="text-sm">{text}</p>
              <time dateTime={item.at} className="text-xs text-slate-600">
                {formatDateTime(item.at)}
              </time>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
