import type { ReactNode } from "react";

/**
 * A card's heading with its live status line beside it (or below, when it does not fit): a saved
 * change is announced there, and the line takes no room while there is nothing to say.
 */
export function CardHeading({ id, title, status }: { id: string; title: ReactNode; status: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      <p role="status" className="text-sm text-slate-600">
        {status}
      </p>
    </div>
  );
}
