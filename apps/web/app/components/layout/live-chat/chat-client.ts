// The panel's requests to the contact service (its origin is in the page's connect-src) and what the
// browser keeps of a conversation. Part of the panel's lazy chunk: nothing here runs before the
// visitor opens the chat.
import {
  CHAT_PATHS,
  CHAT_STORAGE_KEY,
  CHAT_TOKEN_TTL_MS,
  type ChatMessage,
  type ChatSession,
  type ChatStartInput,
  type ChatStatus,
} from "@site/contracts/chat";
import { challengeRefusalMessage } from "@site/contracts/challenge";
import { uuidV7 } from "@site/contracts/uuid";
import { liveChat as liveChatCopy } from "@site/content/data/live-chat";

const base = __SERVICE_URLS__.contact;

/** A request the service refused or could not take, with the words the panel shows. */
export class ChatRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
  /** Worth trying again by itself (no answer, or the service's own trouble). */
  get transient() {
    return this.status === 0 || this.status >= 500;
  }
}

export const newClientId = () => uuidV7(crypto.getRandomValues(new Uint8Array(16)), Date.now());

/** 32 random bytes, base64url: a start's secret, and the name of the panel's stream. */
export const newSecret = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function wordsFor(status: number, path: string): string {
  if (status === 429)
    return path === CHAT_PATHS.conversations ? liveChatCopy.tooManyChats : liveChatCopy.tooFast;
  if (status === 403) return liveChatCopy.linkExpired;
  return liveChatCopy.unavailable;
}

async function request<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => {
    throw new ChatRequestError(0, liveChatCopy.unavailable);
  });
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const fields = (data as { fields?: Record<string, string[]> } | null)?.fields;
    throw new ChatRequestError(
      res.status,
      challengeRefusalMessage(data) ?? wordsFor(res.status, path),
      res.status === 400 ? fields : undefined,
    );
  }
  return data as T;
}

export const chatApi = {
  status: () => request<ChatStatus>(CHAT_PATHS.status),
  start: (input: ChatStartInput) => request<ChatSession>(CHAT_PATHS.conversations, input),
  resume: (link: string) => request<ChatSession>(CHAT_PATHS.resume, { link }),
  send: (s: ChatSession, clientId: string, body: string) =>
    request<{ message: ChatMessage; expiresAt?: string }>(CHAT_PATHS.messages, {
      conversationId: s.conversationId,
      token: s.token,
      clientId,
      body,
    }),
  typing: (s: ChatSession) =>
    request<null>(CHAT_PATHS.typing, { conversationId: s.conversationId, token: s.token }),
  read: (s: ChatSession, seq: number) =>
    request<null>(CHAT_PATHS.read, { conversationId: s.conversationId, token: s.token, seq }),
  /** The messages before `before` (the stream replays only the latest). */
  history: (s: ChatSession, before: number) =>
    request<{ messages: ChatMessage[] }>(CHAT_PATHS.history, {
      conversationId: s.conversationId,
      token: s.token,
      before,
    }),
};

/**
 * The stream's address; `after` is the last seq the panel has (a new EventSource sends no
 * Last-Event-ID); `key` names this panel's stream, so its reconnection replaces its old one.
 */
export function streamUrl(s: ChatSession, after: number, key: string): string {
  const q = new URLSearchParams({
    conversation: s.conversationId,
    token: s.token,
    after: String(after),
    stream: key,
  });
  return `${base}${CHAT_PATHS.stream}?${q}`;
}

/**
 * What the browser keeps (after the visitor started a chat): the session, whether the panel was open,
 * and until when, on the browser's own clock (24 h after the visitor's last action; the service
 * enforces the same on its clock).
 */
export interface SavedChat extends ChatSession {
  open: boolean;
}

export const keptUntil = () => new Date(Date.now() + CHAT_TOKEN_TTL_MS).toISOString();

export function loadChat(): SavedChat | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY) ?? "null") as SavedChat | null;
    if (saved && Date.parse(saved.expiresAt) > Date.now()) return saved;
    if (saved) localStorage.removeItem(CHAT_STORAGE_KEY);
  } catch {
    // No storage (private mode, blocked): the chat lasts as long as the page.
  }
  return undefined;
}

export function saveChat(chat: SavedChat | undefined) {
  try {
    if (chat) localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(chat));
    else localStorage.removeItem(CHAT_STORAGE_KEY);
  } catch {
    // As above.
  }
}
