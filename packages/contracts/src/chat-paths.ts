// Live chat's constants without zod (issue 27): the site's first-load code reads the storage key and
// the link fragment (to reopen the panel), and must not pull the validation library in.

/** The visitor's endpoints, on the contact service (its origin is in the site's connect-src). */
export const CHAT_PATHS = {
  status: "/chat/status",
  conversations: "/chat/conversations",
  messages: "/chat/messages",
  typing: "/chat/typing",
  read: "/chat/read",
  stream: "/chat/stream",
  resume: "/chat/resume",
  history: "/chat/history",
} as const;

/** A message is at most as long as the contact form's message. */
export const CHAT_MESSAGE_MAX = 5000;
/** A new stream replays at most this many of the latest messages; earlier ones come from /chat/history. */
export const CHAT_REPLAY_MAX = 200;
/** Messages in one answer of /chat/history. */
export const CHAT_HISTORY_PAGE = 50;
/** How long the browser keeps the conversation's token after the visitor's last action. */
export const CHAT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** The key under which the panel keeps { conversationId, token, expiresAt } (after consent only). */
export const CHAT_STORAGE_KEY = "liveChat";
/** The fragment of a resume link: https://site/#chat=<link> reopens the conversation. */
export const CHAT_LINK_FRAGMENT = "chat";
