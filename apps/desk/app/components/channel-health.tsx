import { type ChannelHealth as Health, DELIVERY_CHANNEL_LABELS } from "@site/contracts/desk";
import { formatDateTime } from "~/lib/format";
import { card, focusRing } from "./ui";

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
    </section>
  );
}
