import { MessageCircle, X } from "lucide-react";
import type { Ref } from "react";

/**
 * Title bar of the chat dialog: shared by the lazy panel and the widget's loading/error states, so the
 * dialog always has its label and close button.
 */
export function ChatHeader({
  titleId,
  onClose,
  closeRef,
}: {
  titleId: string;
  onClose: () => void;
  closeRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="flex items-center justify-between bg-brand-700 px-4 py-3 text-white">
      <div className="flex items-center gap-2.5">
        <span className="inline-flex size-8 items-center justify-center rounded-full bg-white/15">
          <MessageCircle aria-hidden="true" className="size-4" />
        </span>
        <h2 id={titleId} className="text-base font-semibold">
          Chat with us
        </h2>
      </div>
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        aria-label="Close chat"
        className="inline-flex size-9 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
