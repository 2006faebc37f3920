// The messages before those the panel shows: the stream replays only the latest (CHAT_REPLAY_MAX), so
// a long conversation's start comes from POST /chat/history, a page at a time, when the visitor asks
// (scrolls to the top, or the button above the messages).
import type { ChatMessage, ChatSession } from "@site/contracts/chat";
import { type Dispatch, type SetStateAction, useCallback, useRef } from "react";
import { chatApi } from "./chat-client";

/** The messages with `m` in its place by seq, once (the send's answer and the stream both bring it). */
export const withMessage = (all: ChatMessage[], m: ChatMessage) =>
  all.some((x) => x.seq === m.seq) ? all : [...all, m].sort((a, b) => a.seq - b.seq);

/** The seq before which the panel misses messages (from the top), or undefined. */
function firstGap(all: ChatMessage[]): number | undefined {
  const at = all.findIndex((m, i) => m.seq !== (i === 0 ? 1 : all[i - 1]!.seq + 1));
  return at < 0 ? undefined : all[at]!.seq;
}

export function useEarlierMessages(
  session: ChatSession | null,
  messages: ChatMessage[],
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>,
) {
  const loading = useRef(false);
  const before = firstGap(messages);
  const loadEarlier = useCallback(async () => {
    if (!session || before === undefined || loading.current) return;
    loading.current = true;
    try {
      const { messages: older } = await chatApi.history(session, before);
      setMessages((all) => older.reduce(withMessage, all));
    } catch {
      // The button stays: the visitor can ask again.
    } finally {
      loading.current = false;
    }
  }, [session, before, setMessages]);
  return { hasEarlier: before !== undefined, loadEarlier };
}
