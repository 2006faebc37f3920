import { NOTE_MAX, type Note } from "@site/contracts/desk";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { formatDateTime } from "~/lib/format";
import { CardHeading } from "~/components/card-heading";
import { buttonPrimary, card, fieldControl, fieldLabel } from "~/components/ui";

/** Notes, oldest first, and a form to add one. Notes are never edited nor deleted. */
export function Notes({ notes }: { notes: Note[] }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const form = useRef<HTMLFormElement>(null);
  const bodyId = useId();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <section aria-labelledby="notes-title" className={`p-4 sm:p-5 ${card}`}>
      <CardHeading
        id="notes-title"
        title={
          <>
            Notes <span className="font-normal text-slate-600">({notes.length})</span>
          </>
        }
        status={fetcher.state === "idle" ? fetcher.data?.message : null}
      />
      {notes.length ? (
        <ol className="mt-3 space-y-3">
          {notes.map((n) => (
            <li key={n.id} className="rounded-lg border border-slate-200 p-3">
              <p className="text-xs text-slate-600">
                <span className="font-semibold text-slate-800">{n.author.name}</span> ·{" "}
                <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm">{n.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No notes yet.</p>
      )}
      <fetcher.Form ref={form} method="post" className="mt-4 space-y-2">
        <input type="hidden" name="intent" value="note" />
        <label htmlFor={bodyId} className={fieldLabel}>
          Add a note
        </label>
        <textarea
          id={bodyId}
          name="body"
          required
          rows={3}
          maxLength={NOTE_MAX}
          placeholder="What was said, what comes next…"
          className={fieldControl}
        />
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs text-slate-600">Notes are kept as written, with your name and the time.</p>
          <button
            type="submit"
            className={`${buttonPrimary} shrink-0 whitespace-nowrap`}
            disabled={fetcher.state !== "idle"}
          >
            {fetcher.state !== "idle" ? "Adding…" : "Add note"}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
