import {
  CHAT_EVENTS,
  type ChatConversationState,
  type ChatMessage,
  chatSentSchema,
} from "@site/contracts/chat";
import { chatTranscriptSchema, type ChatTranscript, type Staff } from "@site/contracts/desk";
import { uuidV7 } from "@site/contracts/uuid";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { z } from "zod";
import { buttonPrimary, buttonSecondary, card, fieldControl } from "~/components/ui";
import { api, ApiError } from "~/lib/api";
import { Transcript } from "./transcript";

const newClientId = () => uuidV7(crypto.getRandomValues(new Uint8Array(16)), Date.now());
const withMessage = (all: ChatMessage[], m: ChatMessage) =>
  all.some((x) => x.seq === m.seq) ? all : [...all, m].sort((a, b) => a.seq - b.seq);

/**
 * One conversation, live: its transcript, then its stream (from the last seq: a reconnection replays
 * what was missed), read marks as messages arrive, the visitor's typing, and the member's answer,
 * take and close.
 */
export function ConversationPane({ initial, me }: { initial: ChatTranscript; me: Staff }) {
  const id = initial.conversation.id;
  const [messages, setMessages] = useState(initial.messages);
  const [state, setState] = useState<ChatConversationState | null>(null);
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const lastSeq = useRef(initial.conversation.lastSeq);
  const lastTyping = useRef(0);
  const composerId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let typingOff: ReturnType<typeof setTimeout> | undefined;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const markRead = (seq: number) =>
      void api(z.null(), `/api/chats/${id}/read`, { method: "POST", body: { seq } }).catch(() => {});
    const connect = () => {
      source = new EventSource(`/api/chats/${id}/stream?after=${lastSeq.current}`);
      source.addEventListener(CHAT_EVENTS.message, (e) => {
        const m = JSON.parse((e as MessageEvent<string>).data) as ChatMessage;
        if (m.seq <= lastSeq.current) return;
        lastSeq.current = m.seq;
        setMessages((all) => withMessage(all, m));
        if (m.author === "visitor") {
          setTyping(false);
          markRead(m.seq);
        }
      });
      source.addEventListener(CHAT_EVENTS.state, (e) =>
        setState(JSON.parse((e as MessageEvent<string>).data) as ChatConversationState),
      );
      source.addEventListener(CHAT_EVENTS.typing, () => {
        setTyping(true);
        clearTimeout(typingOff);
        typingOff = setTimeout(() => setTyping(false), 4_000);
      });
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED) retry = setTimeout(connect, 2_000);
      };
    };
    connect();
    if (initial.conversation.unread > 0) markRead(initial.conversation.lastSeq);
    return () => {
      source?.close();
      clearTimeout(typingOff);
      clearTimeout(retry);
    };
  }, [id, initial.conversation.lastSeq, initial.conversation.unread]);

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [messages.length, typing]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const body = draft.trim();
    if (!body) return;
    setError(null);
    const clientId = newClientId();
    setDraft("");
    for (let attempt = 1; ; attempt++) {
      try {
        const { message } = await api(chatSentSchema, `/api/chats/${id}/messages`, {
          method: "POST",
          body: { clientId, body },
        });
        setMessages((all) => withMessage(all, message));
        return;
      } catch (err) {
        if (err instanceof ApiError && err.status < 500) {
          setError(err.message);
          setDraft(body);
          return;
        }
        if (attempt >= 3) {
          setError("The message could not be sent. Check the connection and send it again.");
          setDraft(body);
          return;
        }
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      }
    }
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }
  async function change(action: "take" | "close") {
    await api(z.null(), `/api/chats/${id}/${action}`, { method: "POST" }).catch((err: unknown) =>
      setError(err instanceof Error ? err.message : String(err)),
    );
  }
  function onInput(value: string) {
    setDraft(value);
    if (Date.now() - lastTyping.current < 3_000) return;
    lastTyping.current = Date.now();
    void api(z.null(), `/api/chats/${id}/typing`, { method: "POST" }).catch(() => {});
  }

  const c = initial.conversation;
  const open = (state?.state ?? c.state) === "open";
  const takenByMe = c.takenBy?.id === me.id || state?.takenBy === me.name.split(" ")[0];
  const visitorRead = state?.visitorReadSeq ?? c.visitorReadSeq;
  const mailed = state?.mailedSeq ?? c.mailedSeq;
  const lastStaff = [...messages].reverse().find((m) => m.author === "staff")?.seq;
  return (
    <section aria-labelledby="conversation-title" className={`flex min-w-0 flex-col p-4 ${card}`}>
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-200 pb-3">
        <div className="min-w-0">
          <h2 id="conversation-title" className="truncate text-lg font-semibold">
            {c.name}
          </h2>
          <p className="truncate text-sm text-slate-600">
            {c.email}
            {c.page ? ` · on ${c.page}` : ""}
          </p>
          <p className="text-sm text-slate-600">
            {open ? "Open" : "Closed"}
            {state?.takenBy
              ? ` · answered by ${state.takenBy}`
              : c.takenBy
                ? ` · answered by ${c.takenBy.name}`
                : ""}
          </p>
        </div>
        <div className="flex gap-2">
          {!takenByMe && (
            <button type="button" className={buttonSecondary} onClick={() => void change("take")}>
              Take
            </button>
          )}
          {open && (
            <button type="button" className={buttonSecondary} onClick={() => void change("close")}>
              Close
            </button>
          )}
        </div>
      </header>
      <div ref={listRef} className="max-h-[55vh] min-h-40 overflow-y-auto py-3">
        <Transcript messages={messages} visitorName={c.name} live />
      </div>
      {lastStaff !== undefined && (
        <p className="text-right text-xs text-slate-600" data-delivery="">
          {visitorRead >= lastStaff
            ? "Seen by the visitor"
            : mailed >= lastStaff
              ? "Sent to the visitor by e-mail"
              : "Sent; e-mailed if the visitor does not read it within a few minutes"}
        </p>
      )}
      {typing && <p className="text-xs text-slate-600">{c.name} is typing…</p>}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <form onSubmit={(e) => void send(e)} className="mt-2 flex items-end gap-2">
        <label htmlFor={composerId} className="sr-only">
          Answer {c.name}
        </label>
        <textarea
          id={composerId}
          rows={2}
          maxLength={5000}
          value={draft}
          onChange={(e) => onInput(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Answer ${c.name} (Enter sends, Shift+Enter for a new line)`}
          className={`${fieldControl} resize-none`}
        />
        <button type="submit" className={buttonPrimary}>
          Send
        </button>
      </form>
    </section>
  );
}

/** The transcript of one conversation (the pane's loader). */
export const loadTranscript = (id: string, signal?: AbortSignal) =>
  api(chatTranscriptSchema, `/api/chats/${id}`, { signal });
