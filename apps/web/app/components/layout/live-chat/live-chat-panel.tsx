import { MessageCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useCookieBannerHeight } from "~/lib/cookie-banner-height";
import { whatsappUrl } from "~/lib/company-links";
import { liveChat as copy } from "@site/content/data/live-chat";
import { ChatHeader } from "../chat-header";
import { Conversation } from "./conversation";
import { StartForm } from "./start-form";
import { useLiveChat } from "./use-live-chat";

/**
 * The live chat (LIVE_CHAT=on, issue 27), in the widget's labelled dialog: who answers and when, the
 * start form (name, e-mail, consent, first message) or the conversation, and WhatsApp as a second way.
 * Its own lazy chunk: nothing of it loads, and nothing is stored, before the visitor opens the panel.
 */
export default function LiveChatPanel({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const chat = useLiveChat();
  const bannerHeight = useCookieBannerHeight();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  const away = chat.status && !chat.status.online;
  return (
    <>
      <ChatHeader titleId={titleId} onClose={onClose} closeRef={closeRef} />
      <div
        // Below the header, above the button (and the cookie banner under it while it shows): scrolls within.
        style={{ maxHeight: `min(34rem, calc(100dvh - 9.5rem - ${bannerHeight}px))` }}
        className="space-y-3 overflow-y-auto px-4 py-4 text-sm text-slate-700"
      >
        <p
          className="flex items-start gap-2"
          data-chat-status={chat.status ? (away ? "away" : "online") : "loading"}
        >
          <span
            aria-hidden="true"
            className={`mt-1.5 inline-block size-2 shrink-0 rounded-full ${
              chat.status ? (away ? "bg-amber-600" : "bg-green-700") : "bg-slate-400"
            }`}
          />
          <span>{chat.status ? (away ? copy.offline : copy.online) : copy.loading}</span>
        </p>
        {chat.notice && (
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
            {chat.notice}
          </p>
        )}
        {!chat.ready ? (
          <p aria-busy="true">{copy.loading}</p>
        ) : chat.session ? (
          <Conversation chat={chat} />
        ) : (
          <StartForm onStart={chat.start} />
        )}
        <p className="border-t border-slate-200 pt-3 text-slate-600">
          {copy.elsewhere}{" "}
          <a
            href={whatsappUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 rounded font-semibold text-[#15803d] underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            {copy.whatsapp}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </>
  );
}
