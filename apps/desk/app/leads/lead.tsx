import {
  deliveryChannelSchema,
  erasureAnswerSchema,
  leadAnswerSchema,
  leadStatusSchema,
  noteSchema,
  timelineAnswerSchema,
} from "@site/contracts/desk";
import { ArrowLeft } from "lucide-react";
import { data, Link, redirect, useNavigate } from "react-router";
import { RouteError } from "~/components/route-error";
import { Deliveries } from "./deliveries";
import { LeadDangerZone } from "./lead-danger-zone";
import { ContactActions, LeadFields } from "./lead-fields";
import { Notes } from "./notes";
import { KindBadge, StatusBadge, UNVERIFIED_HINT } from "./status-badge";
import { Timeline } from "./timeline";
import { focusRing } from "~/components/ui";
import { WorkPanel } from "./work-panel";
import { ChatOnLeadPage } from "~/chat/chat-on-lead-page";
import { loadTranscript } from "~/chat/conversation-pane";
import { api, ApiError } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { useShortcuts } from "~/lib/use-shortcut";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `${d.lead.name} · Lead desk` : "Lead · Lead desk" },
];

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const [{ lead, notes, deliveries }, { items }] = await Promise.all([
      api(leadAnswerSchema, `/api/leads/${params.id}`, { signal: request.signal }),
      api(timelineAnswerSchema, `/api/leads/${params.id}/timeline`, { signal: request.signal }),
    ]);
    // A chat's transcript (issue 27); none when the live chat is off.
    const chat =
      lead.kind === "chat" ? await loadTranscript(lead.id, request.signal).catch(() => null) : null;
    return { lead, notes, deliveries, timeline: items, chat };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) {
      throw data("This lead does not exist, or was erased.", { status: 404 });
    }
    throw err;
  }
}

/** The page's forms: working state (status/assignee), a note, a retry, the spam decision, erasure. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "retry") {
      const channel = deliveryChannelSchema.parse(form.get("channel"));
      await api(leadAnswerSchema, `/api/leads/${params.id}/deliveries/${channel}/retry`, { method: "POST" });
      return { ok: true, message: "Queued: it is tried again within seconds." };
    }
    if (intent === "spam") {
      const spam = form.get("spam") === "true";
      await api(leadAnswerSchema, `/api/leads/${params.id}/spam`, { method: "PUT", body: { spam } });
      return { ok: true, message: spam ? "Marked as spam." : "Marked as not spam: the team is notified." };
    }
    if (intent === "erase") {
      const { erased } = await api(erasureAnswerSchema, `/api/leads/${params.id}/erasure`, {
        method: "POST",
      });
      return redirect(`/?erased=${erased}`);
    }
    if (intent === "note") {
      await api(noteSchema, `/api/leads/${params.id}/notes`, {
        method: "POST",
        body: { body: form.get("body") },
      });
      return { ok: true, message: "Note added." };
    }
    const body = form.has("status")
      ? { status: leadStatusSchema.parse(form.get("status")) }
      : { assignee: (form.get("assignee") as string) || null };
    await api(leadAnswerSchema, `/api/leads/${params.id}`, { method: "PATCH", body });
    return { ok: true, message: form.has("status") ? "Status saved." : "Assignee saved." };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, message: err.message };
    throw err;
  }
}

export default function Lead({
  loaderData: { lead, notes, deliveries, timeline, chat },
}: Route.ComponentProps) {
  const navigate = useNavigate();
  useShortcuts((key) => {
    if (key !== "Escape") return false;
    // Back to the inbox as it was (its filters), or to the inbox when the lead was opened directly.
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate("/");
    return true;
  });
  return (
    <div className="space-y-4">
      <Link
        to="/"
        className={`inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline ${focusRing}`}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Inbox
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <KindBadge kind={lead.kind} spam={lead.spam} unverified={lead.unverified} />
            <StatusBadge status={lead.status} />
          </div>
          <h1 className="mt-1 break-words text-xl font-semibold tracking-tight sm:text-2xl">{lead.name}</h1>
          <p className="text-sm text-slate-600">
            {lead.company ? `${lead.company} · ` : ""}
            Received {formatDateTime(lead.createdAt)}
          </p>
          {lead.unverified ? (
            <p className="mt-1 max-w-prose text-sm text-amber-900">{UNVERIFIED_HINT}.</p>
          ) : null}
        </div>
        <ContactActions lead={lead} />
      </header>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <LeadFields lead={lead} />
          {chat && <ChatOnLeadPage chat={chat} />}
          <Notes notes={notes} />
        </div>
        <div className="space-y-4">
          <WorkPanel lead={lead} />
          <Deliveries deliveries={deliveries} spam={lead.spam} />
          <Timeline items={timeline} />
          <LeadDangerZone lead={lead} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError
      error={error}
      notFound="Lead not found"
      failed="The lead could not be shown. Try again."
      back={{ to: "/", label: "Back to the inbox" }}
    />
  );
}
