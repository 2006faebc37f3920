import { type ChannelHealth as Health, DELIVERY_CHANNEL_LABELS } from "@site/contracts/desk";
import { CirclePause, OctagonX } from "lucide-react";
import { formatDateTime } from "~/lib/format";
import { card, focusRing } from "~/components/ui";

/**
 * What the webhook's receiver asked for, in words: no more webhooks (410 Gone), or to wait (Retry-After).
 * The e-mail is not affected; the leads' webhook deliveries wait in the outbox meanwhile.
 */
function EndpointNotice({ endpoint }: { endpoint: NonNullable<Health["endpoint"]> }) {
  if (endpoint.goneAt) {
    return (
      <div className="mt-3 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <OctagonX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-semibold">Webhook deliveries are stopped.</p>
          <p className="mt-1">
            The receiver at <span className="break-all font-mono text-xs">{endpoint.origin}</span> answered
            410 Gone on {formatDateTime(endpoint.goneAt)}: it wants no more webhooks, so none is sent to it.
            Leads&apos; webhooks wait in the outbox, given up after 7 days. They go again once the webhook is
            configured again: set <code className="font-mono text-xs">WEBHOOK_URL</code> to another address,
            or run <code className="font-mono text-xs">npm run leads -- webhook resume</code> when the
            receiver wants them again.
          </p>
        </div>
      </div>
    );
  }
  if (!endpoint.heldUntil) return null;
  return (
    <div className="mt-3 flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <CirclePause aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        The receiver at <span className="break-all font-mono text-xs">{endpoint.origin}</span> asked to wait
        (Retry-After): webhook deliveries resume at {formatDateTime(endpoint.heldUntil)}.
      </p>
    </div>
  );
}

/** Each notification channel: what waits, fails, was given up or delivered, and the last error. */
export function ChannelHealth({ channels }: { channels: Health[] }) {
  return (
    <section aria-labelledby="channels-title" className={`p-4 sm:p-5 ${card} lg:col-span-2`}>
      <h2 id="channels-title" className="text-base font-semibold">
        Notification channels
      </h2>
      {channels.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No notification has been queued yet.</p>
      ) : (
        // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
        <div
          className={`mt-3 overflow-x-auto rounded ${focusRing}`}
          role="region"
          aria-label="Deliveries per channel"
          tabIndex={0}
        >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Deliveries per notification channel</caption>
            <thead className="text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Channel
                </th>
                {["Waiting", "Failing", "Given up", "Delivered"].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-4 text-right font-semibold">
                    {h}
                  </th>
                ))}
                <th scope="col" className="py-2 font-semibold">
                  Last error
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {channels.map((c) => (
                <tr key={c.channel}>
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {DELIVERY_CHANNEL_LABELS[c.channel]}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{c.pending}</td>
                  <td
                    className={`py-2 pr-4 text-right tabular-nums ${c.failing ? "font-semibold text-amber-900" : ""}`}
                  >
                    {c.failing}
                  </td>
                  <td
                    className={`py-2 pr-4 text-right tabular-nums ${c.failed ? "font-semibold text-red-800" : ""}`}
                  >
                    {c.failed}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{c.sent}</td>
                  <td className="py-2 text-slate-700">
                    {c.lastError ? (
                      <>
                        <span className="break-words font-mono text-xs">{c.lastError}</span>
                        {c.lastErrorAt ? (
                          <span className="block text-xs text-slate-600">
                            {formatDateTime(c.lastErrorAt)}
                          </span>
                        ) : null}
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {channels.map((c) => (c.endpoint ? <EndpointNotice key={c.channel} endpoint={c.endpoint} /> : null))}
    </section>
  );
}
