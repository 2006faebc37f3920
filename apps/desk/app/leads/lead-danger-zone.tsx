import { erasurePreviewSchema, type LeadDetail } from "@site/contracts/desk";
import { ShieldAlert, ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { api } from "~/lib/api";
import { countOf } from "~/lib/format";
import { CardHeading } from "~/components/card-heading";
import { Modal } from "~/components/modal";
import { buttonPrimary, buttonSecondary, card } from "~/components/ui";

/** Spam decision and erasure of the person's data (behind a dialog that says how many leads go). */
export function LeadDangerZone({ lead }: { lead: LeadDetail }) {
  const spam = useFetcher<{ ok: boolean; message: string }>();
  const erase = useFetcher<{ ok: boolean; message: string }>();
  const [count, setCount] = useState<number | null>(null);

  async function askErase() {
    const { leads } = await api(erasurePreviewSchema, `/api/leads/${lead.id}/erasure`);
    setCount(leads);
  }

  return (
    // A flex column: the closed dialog (display: none) takes no gap, where space-y would leave one.
    <section aria-labelledby="danger-title" className={`flex flex-col gap-3 p-4 sm:p-5 ${card}`}>
      <CardHeading
        id="danger-title"
        title="Spam and erasure"
        status={spam.state !== "idle" ? "Saving…" : spam.data?.message}
      />
      <spam.Form method="post">
        <input type="hidden" name="intent" value="spam" />
        <input type="hidden" name="spam" value={lead.spam ? "false" : "true"} />
        <button type="submit" className={`w-full ${buttonSecondary}`} disabled={spam.state !== "idle"}>
          {lead.spam ? (
            <ShieldCheck aria-hidden="true" className="size-4" />
          ) : (
            <ShieldAlert aria-hidden="true" className="size-4" />
          )}
          {lead.spam ? "Not spam: notify the team" : "Mark as spam"}
        </button>
      </spam.Form>
      <button
        type="button"
        onClick={() => void askErase()}
        className={`w-full ${buttonSecondary} text-red-800`}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Erase this person's data
      </button>
      <Modal
        open={count !== null}
        onClose={() => setCount(null)}
        title={
          // A long address breaks after its @ rather than anywhere in a word.
          <>
            Erase {lead.email.split("@")[0]}@<wbr />
            {lead.email.split("@").slice(1).join("@")}?
          </>
        }
        describedBy="erase-text"
        widthClass="w-[min(30rem,calc(100vw-2rem))]"
      >
        <div className="space-y-4 px-5 py-4">
          <p id="erase-text" className="text-sm text-slate-700">
            This removes {countOf(count ?? 0, "lead")} of this address, spam included, with their notes,
            notifications and history. It cannot be undone. The audit trail keeps that an erasure happened,
            never the address.
          </p>
          <erase.Form method="post" className="flex flex-wrap justify-end gap-2">
            <input type="hidden" name="intent" value="erase" />
            <button type="button" className={buttonSecondary} onClick={() => setCount(null)}>
              Keep the data
            </button>
            <button
              type="submit"
              className={`${buttonPrimary} bg-red-700 hover:bg-red-800`}
              disabled={erase.state !== "idle"}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Erase {countOf(count ?? 0, "lead")}
            </button>
          </erase.Form>
        </div>
      </Modal>
    </section>
  );
}
