import { useEffect, useRef } from "react";

/** True when typing goes into a field, so single-letter shortcuts must not fire. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * Calls `handler` for a key pressed outside fields (and without Ctrl/Alt/Meta), unless a modal dialog
 * is open. The handler returns true when it used the key (the browser's default is then prevented).
 */
export function useShortcuts(handler: (key: string, event: KeyboardEvent) => boolean | void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
      if (document.querySelector("dialog[open]")) return;
      if (isTyping(event.target) && event.key !== "Escape") return;
      if (latest.current(event.key, event)) event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
