import type { ChatMessage } from "@site/contracts/chat";
import { formatDateTime } from "~/lib/format";

/** A conversation's messages, the visitor's on the left and the team's on the right; text stays text. */
export function Transcript({
  messages,
  visitorName,
  live = false,
}: {
  messages: ChatMessage[];
  visitorName: string;
  /** A live conversation: new messages are announced politely. */
  live?: boolean;
}) {
  return (
    <div
      aria-label="Messages"
      {...(live ? { role: "log", "aria-live": "polite" as const } : { role: "group" })}
    >
      <ol className="space-y-3" data-transcript="">
        {messages.map((m) => {
          const staff = m.author === "staff";
          return (
            <li
              key={m.seq}
              data-seq={m.seq}
              className={`flex flex-col ${staff ? "items-end" : "items-start"}`}
            >
              <span className="text-xs text-slate-600">
                {staff ? (m.authorName ?? "Team") : visitorName} · {formatDateTime(m.createdAt)}
              </span>
              <span
                className={`mt-0.5 max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm ${
                  staff ? "bg-brand-700 text-white" : "border border-slate-200 bg-white"
                }`}
              >
                {m.body}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
