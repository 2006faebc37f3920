import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadDetail } from "@site/contracts/desk";
import { useId } from "react";
import { useFetcher } from "react-router";
import { useDesk } from "~/lib/desk-context";
import { CardHeading } from "~/components/card-heading";
import { card, fieldControl, fieldLabel } from "~/components/ui";

/** Status and assignee: each change is saved at once and announced. */
export function WorkPanel({ lead }: { lead: LeadDetail }) {
  const { members, me } = useDesk();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const statusId = useId();
  const assigneeId = useId();
  const save = (field: "status" | "assignee", value: string) =>
    fetcher.submit({ intent: "work", [field]: value }, { method: "post" });
  // Shown while saving, so the controls follow the choice at once.
  const pending = fetcher.formData;
  const status = (pending?.get("status") as string | null) ?? lead.status;
  const assignee = (pending?.has("assignee") ? (pending.get("assignee") as string) : lead.assignee?.id) ?? "";
  const removed = lead.assignee && !members.some((m) => m.id === lead.assignee!.id);

  return (
    <section aria-labelledby="work-title" className={`space-y-4 p-4 sm:p-5 ${card}`}>
      <CardHeading
        id="work-title"
        title="Working on it"
        status={fetcher.state !== "idle" ? "Saving…" : fetcher.data?.message}
      />
      <div>
        <label htmlFor={statusId} className={fieldLabel}>
          Status
        </label>
        <select
          id={statusId}
          value={status}
          onChange={(e) => save("status", e.target.value)}
          className={`mt-1 ${fieldControl}`}
        >
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={assigneeId} className={fieldLabel}>
          Assignee
        </label>
        <select
          id={assigneeId}
          value={assignee}
          onChange={(e) => save("assignee", e.target.value)}
          className={`mt-1 ${fieldControl}`}
        >
          <option value="">Nobody</option>
          {removed ? <option value={lead.assignee!.id}>{lead.assignee!.name} (removed)</option> : null}
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.id === me.id ? `${m.name} (me)` : m.name}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
