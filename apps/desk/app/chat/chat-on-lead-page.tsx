import type { ChatTranscript } from "@site/contracts/desk";
import { MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import { buttonSecondary, card } from "~/components/ui";
import { Transcript } from "./transcript";

/** A chat lead's page: the whole conversation, and the way to answer it in Chats. */
export function ChatOnLeadPage({ chat }: { chat: ChatTranscript }) {
  const c = chat.conversation;
  return (
    <section aria-labelledby="chat-title" className={`p-4 sm:p-5 ${card}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="chat-title" className="text-base font-semibold">
          Conversation ({chat.messages.length} messages, {c.state})
        </h2>
        <Link to={`/chats/${c.id}`} className={buttonSecondary}>
          <MessagesSquare aria-hidden="true" className="size-4" />
          Answer in Chats
        </Link>
      </div>
      {c.page && <p className="mt-1 text-sm text-slate-600">Started on {c.page}</p>}
      <div className="mt-3">
        <Transcript messages={chat.messages} visitorName={c.name} />
      </div>
    </section>
  );
}
