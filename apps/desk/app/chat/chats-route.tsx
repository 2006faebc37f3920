import { chatAvailabilitySchema, chatListSchema, type ChatSummary } from "@site/contracts/desk";
import { ArrowLeft, Bell, BellOff } from "lucide-react";
import { useState } from "react";
import { data, Link } from "react-router";
import { RouteError } from "~/components/route-error";
import { buttonSecondary, card, focusRing } from "~/components/ui";
import { api, ApiError } from "~/lib/api";
import { useDesk } from "~/lib/desk-context";
import { formatAge } from "~/lib/format";
import type { Route } from "./+types/chats-route";
import { ConversationPane, loadTranscript } from "./conversation-pane";
import { setSoundOn, soundOn } from "./sound";
import { useChatList } from "./use-chat-list";

export const meta: Route.MetaFunction = () => [{ title: "Chats · Lead desk" }];

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const [list, conversation] = await Promise.all([
      api(chatListSchema, "/api/chats", { signal: request.signal }),
      params.id ? loadTranscript(params.id, request.signal) : Promise.resolve(null),
    ]);
    return { list, conversation };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      throw data(params.id ? "This conversation does not exist, or was erased." : "Live chat is off.", {
        status: 404,
      });
    }
    throw err;
  }
}

function ChatRow({ c, current }: { c: ChatSummary; current: boolean }) {
  return (
    <li>
      <Link
        to={`/chats/${c.id}`}
        aria-current={current ? "page" : undefined}
        className={`block rounded-lg px-3 py-2 ${focusRing} ${current ? "bg-brand-50" : "hover:bg-slate-50"}`}
      >
        <span className="flex items-center justify-between gap-2">
          <span className="truncate font-medium">{c.name}</span>
          {c.unread > 0 && (
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
              {c.unread}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </span>
        <span className="block truncate text-sm text-slate-600">{c.preview}</span>
        <span className="block text-xs text-slate-600">
          {c.state === "open" ? "Open" : "Closed"} · {formatAge(c.lastMessageAt)}
          {c.takenBy ? ` · ${c.takenBy.name}` : ""}
        </span>
      </Link>
    </li>
  );
}

/**
 * The Chats screen (issue 27): the member's availability and sound switches, the conversations (open
 * first, with unread counts, announced as they come), and the chosen one, live.
 */
export default function Chats({ loaderData, params }: Route.ComponentProps) {
  const { me } = useDesk();
  const { list, setList, announcement, unread } = useChatList(loaderData.list);
  const [sound, setSound] = useState(soundOn);
  const open = list.conversations.filter((c) => c.state === "open");
  const closed = list.conversations.filter((c) => c.state === "closed");

  async function toggleAvailable() {
    const { available } = await api(chatAvailabilitySchema, "/api/chats/availability", {
      method: "PUT",
      body: { available: !list.available },
    });
    setList((l) => ({ ...l, available }));
  }
  function toggleSound() {
    setSoundOn(!sound);
    setSound(!sound);
  }

  const listPart = (
    <div className={`space-y-3 p-3 ${card}`}>
      <h2 className="px-1 text-sm font-semibold text-slate-700">
        Open ({open.length}){unread > 0 ? ` · ${unread} unread` : ""}
      </h2>
      {open.length === 0 ? (
        <p className="px-1 text-sm text-slate-600">No open conversation.</p>
      ) : (
        <ul className="space-y-1">
          {open.map((c) => (
            <ChatRow key={c.id} c={c} current={c.id === params.id} />
          ))}
        </ul>
      )}
      {closed.length > 0 && (
        <>
          <h2 className="px-1 pt-2 text-sm font-semibold text-slate-700">Closed this week</h2>
          <ul className="space-y-1">
            {closed.map((c) => (
              <ChatRow key={c.id} c={c} current={c.id === params.id} />
            ))}
          </ul>
        </>
      )}
    </div>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Chats</h1>
          <p className="text-sm text-slate-600">
            {list.online
              ? "The site says someone answers now."
              : list.officeHours
                ? "Nobody is available: the site says answers come by e-mail."
                : "Outside office hours (Mon–Fri 09:00–18:00 London): the site says answers come by e-mail."}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            role="switch"
            aria-checked={list.available}
            onClick={() => void toggleAvailable()}
            className={buttonSecondary}
          >
            <span
              aria-hidden="true"
              className={`inline-block size-2.5 rounded-full ${list.available ? "bg-green-700" : "bg-slate-400"}`}
            />
            Available for chats
          </button>
          <button
            type="button"
            role="switch"
            aria-checked={sound}
            onClick={toggleSound}
            className={buttonSecondary}
          >
            {sound ? (
              <Bell aria-hidden="true" className="size-4" />
            ) : (
              <BellOff aria-hidden="true" className="size-4" />
            )}
            Sound
          </button>
        </div>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className={`min-w-0 ${params.id ? "hidden lg:block" : ""}`}>{listPart}</div>
        <div className="min-w-0 lg:col-span-2">
          {loaderData.conversation ? (
            <div className="space-y-2">
              <Link
                to="/chats"
                className={`inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline lg:hidden ${focusRing}`}
              >
                <ArrowLeft aria-hidden="true" className="size-4" />
                All chats
              </Link>
              <ConversationPane
                key={loaderData.conversation.conversation.id}
                initial={loaderData.conversation}
                me={me}
              />
            </div>
          ) : (
            <p className={`hidden p-6 text-sm text-slate-600 lg:block ${card}`}>
              Choose a conversation to answer it. New ones appear here as visitors start them.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound="Not found"
      failed="The chats could not be shown. Try again."
      back={{ to: "/chats", label: "Back to the chats" }}
    />
  );
}
