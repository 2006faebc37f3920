import type { LeadDetail } from "@site/contracts/desk";
import { Mail, Phone } from "lucide-react";
import { formatDateTime } from "~/lib/format";
import { buttonPrimary, buttonSecondary, card } from "~/components/ui";

/** The kinds that carry a company and a service. */
const WITH_SERVICE: readonly LeadDetail["kind"][] = ["quotation", "consultation"];

/** The reply's subject: what the person sent, so they recognise the thread. */
function replySubject(lead: LeadDetail): string {
  if (lead.kind === "consultation") return "Re: your free consultation";
  if (lead.kind === "chat") return "Re: your chat with us";
  return lead.kind === "quotation"
    ? `Re: your quote request${lead.serviceLabel ? ` for ${lead.serviceLabel}` : ""}`
    : "Re: your message";
}

const mailto = (lead: LeadDetail) =>
  `mailto:${encodeURIComponent(lead.email)}?subject=${encodeURIComponent(replySubject(lead))}`;
const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** Reply and call: the person's own channels, opened in the member's mail and phone apps. */
export function ContactActions({ lead }: { lead: LeadDetail }) {
  return (
    <div className="flex flex-wrap gap-2">
      <a href={mailto(lead)} className={buttonPrimary}>
        <Mail aria-hidden="true" className="size-4" />
        Reply by e-mail
      </a>
      {/* A consultation may come without a phone number, and a chat asks for none. */}
      {lead.phone ? (
        <a href={tel(lead.phone)} className={buttonSecondary}>
          <Phone aria-hidden="true" className="size-4" />
          Call {lead.phone}
        </a>
      ) : null}
    </div>
  );
}

/** Every field the person sent, and when. */
export function LeadFields({ lead }: { lead: LeadDetail }) {
  const rows: [string, string | null][] = [
    ["E-mail", lead.email],
    ["Phone", lead.phone || "—"],
    ["Company", lead.company],
    ["Service", lead.serviceLabel],
    ["Received", formatDateTime(lead.createdAt)],
    ["Lead id", lead.id],
  ];
  const long =
    lead.kind === "quotation"
      ? ["Details", lead.details]
      : [
          lead.kind === "consultation" ? "Note" : lead.kind === "chat" ? "First message" : "Message",
          lead.message,
        ];
  return (
    <section aria-labelledby="fields-title" className={`p-4 sm:p-5 ${card}`}>
      <h2 id="fields-title" className="text-base font-semibold">
        What they sent
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows
          .filter(([label, v]) => v !== null || label === "Company")
          // A chat asks for no phone number, company or service; a consultation's phone may be blank.
          .filter(([label]) => lead.kind !== "chat" || label !== "Phone")
          .filter(
            ([label]) => WITH_SERVICE.includes(lead.kind) || (label !== "Company" && label !== "Service"),
          )
          .map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
              <dd className="mt-0.5 break-words text-sm">{value ?? "—"}</dd>
            </div>
          ))}
      </dl>
      <h3 className="mt-5 text-xs font-semibold uppercase tracking-wide text-slate-600">{long[0]}</h3>
      <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm leading-relaxed">
        {long[1] ?? "—"}
      </p>
    </section>
  );
}
