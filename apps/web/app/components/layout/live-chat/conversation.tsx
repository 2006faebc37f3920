import type { ChatMessage } from "@site/contracts/chat";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef } from "react";
import { liveChat as copy } from "@site/content/data/live-chat";
import type { useLiveChat } from "./use-live-chat";

type Chat = ReturnType<typeof useLiveChat>;

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

/** What became of one of the visitor's messages: sent, seen by the team, or mailed (staff's). */
function delivery(m: ChatMessage, chat: Chat): string | null {
  if (m.author === "staff") return chat.state && chat.state.mailedSeq >= m.seq ? copy.mailed : null;
  return chat.state && chat.state.staffReadSeq >= m.seq ? copy.seen : copy.sent;
}

/**
 * The messages (a polite live region: new ones are read out without moving focus; focusable, so a
 * keyboard can scroll a long conversation), who is typing, and the composer: Enter sends, Shift+Enter
 * starts a new line.
 */
export function Conversation({ chat }: { chat: Chat }) {
  const list = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const composerId = useId();
  const newest = `${chat.messages.at(-1)?.seq}.${chat.outgoing.length}`;
  const oldest = chat.messages[0]?.seq;
  const height = useRef(0);
  const earlierFocused = useRef(false);

  useEffect(() => {
    composer.current?.focus();
  }, []);
  // Earlier messages come in above: the view stays on what the visitor was reading.
  useLayoutEffect(() => {
    if (list.current) list.current.scrollTop += list.current.scrollHeight - height.current;
  }, [oldest]);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [newest, chat.typing]);
  useEffect(() => {
    height.current = list.current?.scrollHeight ?? 0;
  });
  // The last earlier messages came in while the button had focus: the list takes it, not the page.
  useLayoutEffect(() => {
    if (chat.hasEarlier || !earlierFocused.current) return;
    earlierFocused.current = false;
    if (!document.activeElement || document.activeElement === document.body) list.current?.focus();
  }, [chat.hasEarlier]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    // The composer is uncontrolled: what the visitor typed is in the element, never reset by a render.
    const box = composer.current;
    const body = box?.value.trim();
    if (!box || !body) return;
    chat.send(body);
    box.value = "";
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const lastOwn = [...chat.messages].reverse().find((m) => m.author === "visitor")?.seq;
  const state = chat.state;
  return (
    <div className="space-y-2">
      {state?.takenBy && state.state === "open" && (
        <p className="text-slate-600">{copy.taken.replace("{name}", state.takenBy)}</p>
      )}
      {state?.state === "closed" && <p className="text-slate-600">{copy.closed}</p>}
      {!chat.connected && (
        <p role="status" className="text-amber-800">
          {copy.reconnecting}
        </p>
      )}
      {/* A conversation longer than the list scrolls: the list is focusable so that a keyboard can
          scroll it too (arrows, Page Up/Down, Home/End), and a screen reader names it on focus. */}
      <div
        ref={list}
        role="log"
        aria-live="polite"
        aria-label="Messages"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
        tabIndex={0}
        data-chat-log=""
        onScroll={(e) => {
          if (e.currentTarget.scrollTop === 0 && chat.hasEarlier) void chat.loadEarlier();
        }}
        className="max-h-64 overflow-y-auto rounded-lg bg-slate-50 p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {chat.hasEarlier && (
          <button
            type="button"
            onFocus={() => (earlierFocused.current = true)}
            onClick={() => void chat.loadEarlier()}
            className="mx-auto mb-2 block rounded text-xs font-semibold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {copy.earlier}
          </button>
        )}
        <ol className="space-y-2">
          {chat.messages.map((m) => {
            const own = m.author === "visitor";
            const note = own ? (m.seq === lastOwn ? delivery(m, chat) : null) : delivery(m, chat);
            return (
              <li
                key={m.seq}
                data-seq={m.seq}
                className={`flex flex-col ${own ? "items-end" : "items-start"}`}
              >
                <span className="text-xs text-slate-600">
                  {own ? copy.you : (m.authorName ?? copy.team)} · {time(m.createdAt)}
                </span>
                <span
                  className={`max-w-[85%] rounded-2xl px-3 py-2 whitespace-pre-wrap break-words ${
                    own ? "bg-brand-700 text-white" : "border border-slate-200 bg-white text-ink"
                  }`}
                >
                  {m.body}
                </span>
                {note && <span className="text-xs text-slate-600">{note}</span>}
              </li>
            );
          })}
          {chat.outgoing.map((o) => (
            <li key={o.clientId} className="flex flex-col items-end" data-outgoing={o.state}>
              <span className="max-w-[85%] rounded-2xl bg-brand-700/80 px-3 py-2 whitespace-pre-wrap break-words text-white">
                {o.body}
              </span>
              {o.state === "sending" ? (
                <span className="text-xs text-slate-600">{copy.sending}</span>
              ) : (
                <span className="text-xs font-medium text-red-700">
                  {copy.failed} {o.error}{" "}
                  <button
                    type="button"
                    onClick={() => chat.retry(o.clientId)}
                    className="font-semibold underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {copy.retry}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      </div>
      {chat.typing && (
        <p className="text-xs text-slate-600">
          {state?.takenBy ?? copy.team} {copy.typing}
        </p>
      )}
      {chat.status && !chat.status.online && chat.messages.length > 0 && (
        <p className="text-slate-600">{copy.away}</p>
      )}
      <form onSubmit={submit} className="flex items-end gap-2">
        <label htmlFor={composerId} className="sr-only">
          {copy.composer}
        </label>
        <textarea
          ref={composer}
          id={composerId}
          rows={2}
          maxLength={5000}
          defaultValue=""
          onInput={() => chat.typed()}
          onKeyDown={onKeyDown}
          placeholder={copy.composer}
          className="block min-h-11 w-full resize-none rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 shrink-0 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {copy.send}
        </button>
      </form>
    </div>
  );
}
