import type { ContentState, PublishRecord } from "@site/content/desk-api";
import { AlertTriangle, CheckCircle2, Loader2, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { buttonPrimary, card } from "~/components/ui";
import { formatDateTime } from "~/lib/format";

const short = (commit: string) => commit.slice(0, 7);

/** "1:05": minutes and seconds since `since`, by the server's clock, ticking every second. */
function Elapsed({ since, serverNow }: { since: string; serverNow: string }) {
  const [offset] = useState(() => Date.parse(serverNow) - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + offset), 1000);
    return () => window.clearInterval(timer);
  }, [offset]);
  const s = Math.max(0, Math.round((now - Date.parse(since)) / 1000));
  return (
    <span className="tabular-nums">
      {Math.floor(s / 60)}:{String(s % 60).padStart(2, "0")}
    </span>
  );
}

const by = (p: PublishRecord) => `${p.author.name} (${p.author.email})`;

/** A failed publish in words: the reason, each content problem with its file and field, the build's last lines. */
export function BuildFailure({ publish }: { publish: PublishRecord }) {
  const error = publish.error;
  if (!error) return null;
  return (
    <div className="space-y-2">
      <p className="font-medium">{error.message}</p>
      {error.issues && (
        <ul className="list-disc space-y-1 pl-5">
          {error.issues.map((i) => (
            <li key={`${i.file}:${i.path.join(".")}:${i.message}`}>
              <span className="font-mono text-xs">content/{i.file}</span>
              {i.field && <> › {i.field}</>}: {i.message}
            </li>
          ))}
        </ul>
      )}
      {error.log && (
        <details>
          <summary className="cursor-pointer text-sm">The build's last lines</summary>
          <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded bg-white/70 p-2 text-xs">
            {error.log}
          </pre>
        </details>
      )}
    </div>
  );
}

/** Unpublished changes and Publish; the build under way; what is live; why the last publish failed. */
export function PublishStatus({ state }: { state: ContentState }) {
  const publish = useFetcher<{ ok: boolean; message: string }>();
  const { changes, building, queued, live, failed } = state;
  return (
    <section aria-labelledby="publish-title" className={`space-y-3 p-4 sm:p-5 ${card}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id="publish-title" className="text-base font-semibold">
            {changes.length
              ? "Unpublished changes"
              : building || queued.length
                ? "Everything saved is being published"
                : "Everything saved is published"}
          </h2>
          {changes.length > 0 && (
            <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
              {changes.map((c) => (
                <li key={c.file}>
                  {c.label}{" "}
                  <span className="font-mono text-xs text-slate-600">
                    ({c.file}, {c.change})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <publish.Form method="post">
          <input type="hidden" name="intent" value="publish" />
          <button
            type="submit"
            className={buttonPrimary}
            disabled={!changes.length || publish.state !== "idle"}
          >
            <Upload aria-hidden="true" className="size-4" />
            Publish
          </button>
        </publish.Form>
      </div>
      <div role="status" className="space-y-2 text-sm">
        {publish.data && publish.state === "idle" && (
          <p className={publish.data.ok ? "text-slate-700" : "text-red-800"}>{publish.data.message}</p>
        )}
        {building?.buildStartedAt && (
          <p className="flex items-center gap-2 text-brand-800">
            <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            <span>
              Building the site for the publish by {building.author.name}:{" "}
              <Elapsed since={building.buildStartedAt} serverNow={state.now} /> so far
              {queued.length > 0 &&
                `; ${queued.length} more ${queued.length === 1 ? "publish" : "publishes"} next`}
              .
            </span>
          </p>
        )}
        {!building && queued.length > 0 && (
          <p className="text-brand-800">
            Waiting to build {queued.length} {queued.length === 1 ? "publish" : "publishes"}.
          </p>
        )}
        {live ? (
          <p className="flex items-start gap-2 text-slate-700">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            <span>
              Live: {live.kind === "restore" ? "restored" : "published"} by {by(live)} on{" "}
              {formatDateTime(live.createdAt)} (version{" "}
              <span className="font-mono">{short(live.commit)}</span>).
            </span>
          </p>
        ) : (
          <p className="text-slate-700">Live: the site as deployed (nothing published from the desk yet).</p>
        )}
      </div>
      {failed && (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">
              The publish of {formatDateTime(failed.createdAt)} by {failed.author.name} is not live: the site
              stays as it was.
            </p>
            <BuildFailure publish={failed} />
          </div>
        </div>
      )}
    </section>
  );
}
