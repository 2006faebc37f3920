import { MessageCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { company } from "@site/content/data/company";
import { whatsappUrl } from "~/lib/company-links";
import { ChatHeader } from "./chat-header";

/** Content of the chat dialog; loaded on demand (its own chunk). */
export default function ChatPanel({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  return (
    <>
      <ChatHeader titleId={titleId} onClose={onClose} closeRef={closeRef} />
      <div className="space-y-4 px-4 py-5 text-sm text-slate-700">
        <p>
          <strong className="font-semibold text-ink">Live chat is coming soon.</strong> In the meantime, our
          team is happy to help on WhatsApp during office hours ({company.hours}).
        </p>
        <a
          href={whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-[#15803d] px-4 text-sm font-semibold text-white transition-colors hover:bg-[#166534] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          Chat on WhatsApp
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </>
  );
}
