import { ArrowUp } from "lucide-react";
import { useScrolled } from "~/lib/use-scrolled";

/** Spec §9: the button appears once the scroll exceeds 600 px. */
const BACK_TO_TOP_THRESHOLD_PX = 600;

export function BackToTop() {
  const visible = useScrolled(BACK_TO_TOP_THRESHOLD_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Back to top"
      title="Back to top"
      onClick={() => {
        const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
        window.scrollTo({ top: 0, left: 0, behavior: reduce ? "auto" : "smooth" });
      }}
      className="absolute right-5 bottom-[calc(100%+5.5rem)] z-30 inline-flex size-11 items-center justify-center rounded-full border border-slate-200 bg-white text-brand-700 shadow-lg shadow-slate-900/10 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:right-6"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
