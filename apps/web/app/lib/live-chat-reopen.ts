import { CHAT_LINK_FRAGMENT, CHAT_STORAGE_KEY } from "@site/contracts/chat-paths";
import { useEffect } from "react";

/**
 * Whether the page opens the live chat at once (LIVE_CHAT=on): the address carries a reply's link
 * (#chat=…), or the visitor left with a conversation open in the panel within the last 24 hours. Reads
 * the browser's storage only; the chat's code loads when the panel opens.
 */
function chatToReopen(): boolean {
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

/**
 * Opens the panel on load when chatToReopen says so. A build without the live chat has no such hook
 * at all (the constant leaves an empty function, which the minifier removes with its call).
 */
export const useReopenLiveChat: (setOpen: (open: boolean) => void) => void = __LIVE_CHAT__
  ? (setOpen) => {
      useEffect(() => {
        if (chatToReopen()) setOpen(true);
      }, [setOpen]);
    }
  : () => {};
