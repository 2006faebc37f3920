import type { ContentState, PublishRecord } from "@site/content/desk-api";
import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Modal } from "~/components/modal";
import { buttonPrimary, buttonSecondary, card } from "~/components/ui";
import { formatDateTime } from "~/lib/format";
import { BuildFailure } from "./publish-status";

const STATUS: Record<PublishRecord["status"], string> = {
  queued: "Waiting to build",
  building: "Building",
  live: "Live",
  failed: "Failed",
  superseded: "Built with the next publish",
  replaced: "Was live",
};

const STATUS_CLASS: Record<PublishRecord["status"], string> = {
  queued: "bg-slate-100 text-slate-800",
  building: "bg-brand-50 text-brand-800",
  live: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-red-800",
  superseded: "bg-slate-100 text-slate-800",
  replaced: "bg-slate-100 text-slate-800",
};

/** A version that was live (or built with one), other than the current: it can be made live again. */
const restorable = (p: PublishRecord) => p.status === "replaced" || p.status === "superseded";

/** What the restore dialog asks about: a publish, or the content as it was before the first one. */
interface Version {
  commit: string;
  when: string;
  who: string;
}

/** The changes a publish's commit message lists ("- jobs.yaml: …"), without the file prefix noise. */
const changeLines = (p: PublishRecord) =>
  p.message
    .split("\n")
    .filter((l) => l.startsWith("- "))
    .map((l) => l.slice(2));

/** Every publish and restore, newest first, each with who, when, what changed, its state, and Restore. */
export function PublishHistory({ state }: { state: ContentState }) {
  const restore = useFetcher<{ ok: boolean; message: string }>();
  const [asked, setAsked] = useState<Version | null>(null);
  const ask = (p: PublishRecord) => setAsked({ commit: p.commit, when: p.createdAt, who: p.author.name });
  const { origin } = state;
  return (
    <section aria-labelledby="history-title" className={`p-4 sm:p-5 ${card}`}>
      <h2 id="history-title" className="flex items-center gap-2 text-base font-semibold">
        <History aria-hidden="true" className="size-4" />
        History
      </h2>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {restore.state === "idle" && restore.data?.message}
      </p>
      {state.history.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing has been published from the desk yet.</p>
      ) : (
        <ol className="divide-y divide-slate-200">
          {state.history.map((p) => (
            <li key={p.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1 basis-64 space-y-1">
                <p className="text-sm">
                  <span className="font-medium">
                    {p.kind === "restore" ? "Restored" : "Published"} by {p.author.name}
                  </span>{" "}
                  <span className="text-slate-600">
                    on {formatDateTime(p.createdAt)} · version{" "}
                    <span className="font-mono">{p.commit.slice(0, 7)}</span>
                  </span>
                </p>
                <ul className="space-y-0.5 text-sm text-slate-700">
                  {changeLines(p).map((line) => (
                    <li key={line} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
                {p.status === "failed" && p.error && (
                  <details className="text-sm text-red-900">
                    <summary className="cursor-pointer">Why it failed</summary>
                    <BuildFailure publish={p} />
                  </details>
                )}
              </div>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[p.status]}`}>
                {STATUS[p.status]}
              </span>
              {restorable(p) && (
                <button type="button" className={buttonSecondary} onClick={() => ask(p)}>
                  <RotateCcw aria-hidden="true" className="size-4" />
                  Restore<span className="sr-only"> the version {p.commit.slice(0, 7)}</span>
                </button>
              )}
            </li>
          ))}
          {origin && (
            <li className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3">
              <p className="min-w-0 flex-1 basis-64 text-sm">
                <span className="font-medium">The content before the first publish</span>{" "}
                <span className="text-slate-600">
                  as of {formatDateTime(origin.committedAt)} · version{" "}
                  <span className="font-mono">{origin.commit.slice(0, 7)}</span>
                </span>
              </p>
              <button
                type="button"
                className={buttonSecondary}
                onClick={() =>
                  setAsked({ commit: origin.commit, when: origin.committedAt, who: origin.author.name })
                }
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                Restore<span className="sr-only"> the content before the first publish</span>
              </button>
            </li>
          )}
        </ol>
      )}
      <Modal
        open={asked !== null}
        onClose={() => setAsked(null)}
        title="Restore this version?"
        describedBy="restore-text"
      >
        <div className="space-y-4 px-5 py-4">
          <p id="restore-text" className="text-sm text-slate-700">
            The content as it was on {asked && formatDateTime(asked.when)} ({asked?.who}) becomes live again,
            through a new publish (the site is rebuilt first). The current content stays in the history.
          </p>
          <restore.Form
            method="post"
            className="flex flex-wrap justify-end gap-2"
            onSubmit={() => setAsked(null)}
          >
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="commit" value={asked?.commit ?? ""} />
            <button type="button" className={buttonSecondary} onClick={() => setAsked(null)}>
              Keep the current content
            </button>
            <button type="submit" className={buttonPrimary}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Restore
            </button>
          </restore.Form>
        </div>
      </Modal>
    </section>
  );
}
