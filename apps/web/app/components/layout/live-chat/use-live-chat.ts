// The visitor's conversation: the session kept in the browser (after consent), the stream
// (EventSource: replayed from the last seq on every reconnection; it ends when the conversation is
// closed, until the visitor writes again), sending with a clientId so a retry is stored once, a start
// retried with its secret, earlier messages on request, typing and read marks. Lives in the panel's
// lazy chunk.
import {
  CHAT_EVENTS,
  CHAT_LINK_FRAGMENT,
  type ChatConversationState,
  type ChatEndEvent,
  type ChatMessage,
  type ChatSession,
  type ChatStartInput,
  type ChatStatus,
} from "@site/contracts/chat";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  chatApi,
  ChatRequestError,
  keptUntil,
  loadChat,
  newClientId,
  newSecret,
  saveChat,
  streamUrl,
} from "./chat-client";
import { CHALLENGE_FIELD } from "@site/contracts";
import { liveChat as copy } from "@site/content/data/live-chat";
import { useEarlierMessages, withMessage } from "./use-earlier-messages";

/** A message of the visitor's not yet stored (or refused). */
export interface Outgoing {
  clientId: string;
  body: string;
  state: "sending" | "failed";
  error?: string;
}

const TYPING_SHOWN_MS = 4_000;
const TYPING_EVERY_MS = 3_000;
/** Automatic tries of a send that got no answer (then the visitor can retry by hand). */
const SEND_TRIES = 4;
/** A stream that is back within this (the server renews it every minute) never showed as lost. */
const QUIET_RECONNECT_MS = 3_000;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function linkInAddress(): string | undefined {
  const prefix = `#${CHAT_LINK_FRAGMENT}=`;
  return window.location.hash.startsWith(prefix) ? window.location.hash.slice(prefix.length) : undefined;
}

export function useLiveChat() {
  const [status, setStatus] = useState<ChatStatus | null>(null);
  const [session, setSession] = useState<ChatSession | null>(null);
  const [ready, setReady] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [state, setState] = useState<ChatConversationState | null>(null);
  const [typing, setTyping] = useState(false);
  const [connected, setConnected] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  const [streaming, setStreaming] = useState(true);
  const lastSeq = useRef(0);
  const lastTyping = useRef(0);
  /** This panel's stream's name (its reconnection replaces its old stream on the server). */
  const streamKey = useRef(newSecret());
  /** The start being tried: a retry of the same input repeats its clientId and secret. */
  const pendingStart = useRef<{ input: string; clientId: string; secret: string } | null>(null);

  const keep = useCallback((s: ChatSession) => {
    setSession(s);
    saveChat({ ...s, expiresAt: keptUntil(), open: true });
  }, []);

  const forget = useCallback((why: string | null) => {
    saveChat(undefined);
    setSession(null);
    setMessages([]);
    setOutgoing([]);
    setState(null);
    lastSeq.current = 0;
    setNotice(why);
  }, []);

  // Opening the panel: the status, and the conversation to continue (a reply's link, or the one kept).
  useEffect(() => {
    let live = true;
    chatApi.status().then(
      (s) => live && setStatus(s),
      () => live && setStatus({ online: false, officeHours: false }),
    );
    const link = linkInAddress();
    if (link) {
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + window.location.search,
      );
      chatApi.resume(link).then(
        (s) => {
          if (!live) return;
          keep(s);
          setReady(true);
        },
        (err: unknown) => {
          if (!live) return;
          setNotice(err instanceof ChatRequestError ? err.message : null);
          setReady(true);
        },
      );
    } else {
      const saved = loadChat();
      if (saved) keep(saved);
      setReady(true);
    }
    return () => {
      live = false;
    };
  }, [keep]);

  // The panel closed by the visitor: a reload no longer reopens it.
  useEffect(
    () => () => {
      const saved = loadChat();
      if (saved) saveChat({ ...saved, open: false });
    },
    [],
  );

  // The stream, for as long as the panel shows the conversation. A closed EventSource (an error
  // answer, not just a dropped connection) is replaced after a pause, from the last seq received.
  useEffect(() => {
    if (!session || !streaming) return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let typingOff: ReturnType<typeof setTimeout> | undefined;
    let lost: ReturnType<typeof setTimeout> | undefined;
    let pause = 1_000;
    const connect = () => {
      source = new EventSource(streamUrl(session, lastSeq.current, streamKey.current));
      source.onopen = () => {
        clearTimeout(lost);
        setConnected(true);
        pause = 1_000;
      };
      source.addEventListener(CHAT_EVENTS.message, (e) => {
        const m = JSON.parse((e as MessageEvent<string>).data) as ChatMessage;
        if (m.seq <= lastSeq.current) return;
        lastSeq.current = m.seq;
        setMessages((all) => withMessage(all, m));
        if (m.clientId) setOutgoing((o) => o.filter((x) => x.clientId !== m.clientId));
        if (m.author === "staff") {
          setTyping(false);
          void chatApi.read(session, m.seq).catch(() => {});
        }
      });
      source.addEventListener(CHAT_EVENTS.state, (e) => {
        setState(JSON.parse((e as MessageEvent<string>).data) as ChatConversationState);
      });
      source.addEventListener(CHAT_EVENTS.typing, () => {
        setTyping(true);
        clearTimeout(typingOff);
        typingOff = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
      });
      // The last event of a stream not to open again as it is.
      source.addEventListener(CHAT_EVENTS.end, (e) => {
        const { reason } = JSON.parse((e as MessageEvent<string>).data) as ChatEndEvent;
        source?.close();
        clearTimeout(lost);
        setConnected(true);
        if (reason === "closed") return setStreaming(false);
        // Replaced by another tab (a reply's link): its session is kept here too; else it is over.
        const saved = loadChat();
        if (saved?.conversationId === session.conversationId && saved.token !== session.token) keep(saved);
        else forget(copy.linkExpired);
      });
      source.onerror = () => {
        clearTimeout(lost);
        lost = setTimeout(() => setConnected(false), QUIET_RECONNECT_MS);
        if (source?.readyState !== EventSource.CLOSED) return; // it reconnects by itself
        retry = setTimeout(connect, pause);
        pause = Math.min(pause * 2, 15_000);
      };
    };
    connect();
    return () => {
      source?.close();
      clearTimeout(retry);
      clearTimeout(typingOff);
      clearTimeout(lost);
    };
  }, [session, streaming, keep, forget]);

  const deliver = useCallback(
    async (s: ChatSession, item: Outgoing) => {
      for (let attempt = 1; ; attempt++) {
        try {
          const { message } = await chatApi.send(s, item.clientId, item.body);
          setOutgoing((o) => o.filter((x) => x.clientId !== item.clientId));
          // Stored: shown now; the stream brings the same seq (and any before it the panel missed).
          setMessages((all) => withMessage(all, message));
          saveChat({ ...s, expiresAt: keptUntil(), open: true });
          // A message reopens a closed conversation: listen again.
          setStreaming(true);
          return;
        } catch (err) {
          const e = err instanceof ChatRequestError ? err : new ChatRequestError(0, String(err));
          if (e.status === 403) return forget(e.message);
          if (e.transient && attempt < SEND_TRIES) {
            await wait(500 * 2 ** attempt);
            continue;
          }
          setOutgoing((o) =>
            o.map((x) => (x.clientId === item.clientId ? { ...x, state: "failed", error: e.message } : x)),
          );
          return;
        }
      }
    },
    [forget],
  );

  const send = useCallback(
    (body: string) => {
      if (!session) return;
      const item: Outgoing = { clientId: newClientId(), body, state: "sending" };
      setOutgoing((o) => [...o, item]);
      void deliver(session, item);
    },
    [session, deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const item = outgoing.find((x) => x.clientId === clientId);
      if (!session || !item) return;
      setOutgoing((o) =>
        o.map((x) => (x.clientId === clientId ? { ...x, state: "sending", error: undefined } : x)),
      );
      void deliver(session, { ...item, state: "sending" });
    },
    [session, outgoing, deliver],
  );

  const start = useCallback(
    async (input: Omit<ChatStartInput, "clientId" | "secret">) => {
      // Kept in memory only: after a reload mid-start, a new start is a new conversation. Each try
      // brings a fresh challenge solution: the same start is the same input without it.
      const { [CHALLENGE_FIELD]: _solution, ...same } = input;
      const key = JSON.stringify(same);
      if (pendingStart.current?.input !== key) {
        pendingStart.current = { input: key, clientId: newClientId(), secret: newSecret() };
      }
      const { clientId, secret } = pendingStart.current;
      const s = await chatApi.start({ ...input, clientId, secret });
      pendingStart.current = null;
      setNotice(null);
      keep(s);
      setStatus((st) => (st ? { ...st, online: s.online } : st));
    },
    [keep],
  );

  const earlier = useEarlierMessages(session, messages, setMessages);

  const typed = useCallback(() => {
    if (!session || Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = Date.now();
    void chatApi.typing(session).catch(() => {});
  }, [session]);

  return {
    ready,
    status,
    session,
    messages,
    outgoing,
    state,
    typing,
    connected,
    notice,
    ...earlier,
    start,
    send,
    retry,
    typed,
    forget,
  };
}
