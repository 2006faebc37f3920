import { DELIVERY_CHANNEL_LABELS, type Delivery } from "@site/contracts/desk";
import { RotateCw } from "lucide-react";
import { useFetcher } from "react-router";
import { formatDateTime } from "~/lib/format";
import { CardHeading } from "~/components/card-heading";
import { buttonSecondary, card } from "~/components/ui";

const STATE_TEXT: Record<Delivery["state"], string> = {
  pending: "Waiting",
  sent: "Delivered",
  "failed-retrying": "Failing, retrying",
  failed: "Given up",
};

const STATE_STYLE: Record<Delivery["state"], string> = {
  pending: "bg-slate-100 text-slate-800",
  sent: "bg-emerald-50 text-emerald-800",
  "failed-retrying": "bg-amber-50 text-amber-900",
  failed: "bg-red-50 text-red-800",
};

/** Each notification channel's delivery of the lead; a failing or given-up one can be retried now. */
export function Deliveries({ deliveries, spam }: { deliveries: Delivery[]; spam: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  return (
    <section aria-labelledby="deliveries-title" className={`p-4 sm:p-5 ${card}`}>
      <CardHeading
        id="deliveries-title"
        title="Notifications"
        status={fetcher.state !== "idle" ? "Retrying…" : fetcher.data?.message}
      />
      {deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {spam ? "None: spam is not notified. Mark it as not spam to notify the team." : "None."}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {deliveries.map((d) => (
            <li key={d.channel} className="text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{DELIVERY_CHANNEL_LABELS[d.channel]}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[d.state]}`}>
                  {STATE_TEXT[d.state]}
                </span>
              </div>
              <p className="mt-0.5 text-xs text-slate-600">
                {d.sentAt
                  ? `${formatDateTime(d.sentAt)} · ${d.attempts} attempt${d.attempts === 1 ? "" : "s"}`
                  : d.attempts
                    ? `${d.attempts} attempt${d.attempts === 1 ? "" : "s"}${d.nextAttemptAt ? ` · next ${formatDateTime(d.nextAttemptAt)}` : ""}`
                    : "Not tried yet"}
              </p>
              {d.lastError && !d.sentAt ? (
                <p className="mt-0.5 break-words font-mono text-xs text-red-800">{d.lastError}</p>
              ) : null}
              {d.state === "failed" || d.state === "failed-retrying" ? (
                <fetcher.Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="channel" value={d.channel} />
                  <button type="submit" className={buttonSecondary} disabled={fetcher.state !== "idle"}>
                    <RotateCw aria-hidden="true" className="size-4" />
                    Retry now
                  </button>
                </fetcher.Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
