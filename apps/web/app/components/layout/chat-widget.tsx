import { MessageCircle, X } from "lucide-react";
import { type ReactNode, Suspense, useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { whatsappUrl } from "~/lib/company-links";
import { lazyWithRetry } from "~/lib/lazy-with-retry";
import { useReopenLiveChat } from "~/lib/live-chat-reopen";
import { ChatHeader } from "./chat-header";
import { ChunkErrorBoundary } from "./chunk-error-boundary";

// The spec's "coming soon" panel, or the live chat (LIVE_CHAT=on at build time, issue 27): the build
// keeps one of the two imports, so each build has the other's code nowhere.
const ChatPanel = lazyWithRetry(() =>
  __LIVE_CHAT__ ? import("./live-chat/live-chat-panel") : import("./chat-panel"),
);

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * Floating chat button; the panel (its own chunk) says live chat is coming soon (spec §2), or, built
 * with LIVE_CHAT=on, is the live chat.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  // Live chat only: a reply's link, or a conversation the visitor left open, opens the panel on load.
  useReopenLiveChat(setOpen);

  // In the commit, not after it: Preact runs effects a frame later than React, and an Escape pressed
  // as soon as the widget shows must find its listener.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);

  return (
    // Placed from the top of the floating dock (site-chrome.tsx): above the cookie banner while it shows.
    <div className="absolute right-4 bottom-[calc(100%+1rem)] z-40 flex flex-col items-end gap-3 sm:right-5">
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          className="w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/20"
        >
          <ChunkErrorBoundary
            fallback={
              <ChatFallback titleId={titleId} onClose={close}>
                <p>
                  The chat window could not be loaded. You can still reach us on{" "}
                  <a
                    href={whatsappUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold text-brand-700 underline"
                  >
                    WhatsApp<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  .
                </p>
              </ChatFallback>
            }
          >
            <Suspense
              fallback={
                <ChatFallback titleId={titleId} onClose={close}>
                  <p aria-busy="true">Loading…</p>
                </ChatFallback>
              }
            >
              <ChatPanel titleId={titleId} onClose={close} />
            </Suspense>
          </ChunkErrorBoundary>
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Close chat" : "Open chat"}
        onClick={() => (open ? close() : setOpen(true))}
        className={`inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg shadow-brand-900/30 transition-colors hover:bg-brand-800 ${focusRing}`}
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <MessageCircle aria-hidden="true" className="size-6" />
        )}
      </button>
    </div>
  );
}

/** The loading and error states of the chat dialog. */
function ChatFallback({
  titleId,
  onClose,
  children,
}: {
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <ChatHeader titleId={titleId} onClose={onClose} />
      <div className="px-4 py-5 text-sm text-slate-700">{children}</div>
    </>
  );
}
