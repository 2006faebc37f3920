import { CHAT_LINK_FRAGMENT, CHAT_STORAGE_KEY } from "@site/contracts/chat-paths";

/**
 * Whether the page opens the live chat at once (LIVE_CHAT=on): the address carries a reply's link
 * (#chat=…), or the visitor left with a conversation open in the panel within the last 24 hours. Reads
 * the browser's storage only; the chat's code loads when the panel opens.
 */
export function chatToReopen(): boolean {
  if (window.location.hash.startsWith(`#${CHAT_LINK_FRAGMENT}=`)) return true;
  try {
    const saved = JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY) ?? "null") as {
      open?: unknown;
      expiresAt?: unknown;
    } | null;
    return (
      saved?.open === true && typeof saved.expiresAt === "string" && Date.parse(saved.expiresAt) > Date.now()
    );
  } catch {
    return false;
  }
}
