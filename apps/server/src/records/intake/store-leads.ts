// THE one writer of new leads: a lead of any kind (a form's message or quote request, a booked
// consultation, a chat, and the next kind) is stored here, with its deliveries, in the caller's
// transaction, so the lead and its outbox rows commit together or not at all.
import type { QuotationService, StoredLeadKind } from "@site/contracts";
import type { Kysely } from "kysely";
import type { Channel, DB } from "../../platform/db/schema";
import { queueDeliveries, teamChannels } from "../outbox/queue";

export interface NewLead {
  kind: StoredLeadKind;
  name: string;
  email: string;
  /** Required by the store; a kind that asks for none stores it empty. */
  phone: string;
  company?: string | undefined;
  service?: QuotationService | undefined;
  message?: string | undefined;
  details?: string | undefined;
  isSpam: boolean;
  /** The member it is assigned to from the start (a consultation's), if any. */
  assignee?: string | null | undefined;
  /**
   * Sent without a valid, unused proof-of-work solution (a form's lead): marked in the desk, and
   * nothing is mailed to the address it typed (the team's channels only).
   */
  unverified?: boolean | undefined;
}

/** One lead to store: its id, what arrived, when, and where it is delivered (spam: nowhere). */
export interface LeadEntry {
  id: string;
  lead: NewLead;
  now: Date;
  channels: readonly Channel[];
}

/** Stores the leads, each with one outbox row per channel unless it is spam, inside `trx`. */
export async function storeLeads(trx: Kysely<DB>, entries: readonly LeadEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto("leads")
    .values(
      entries.map(({ id, lead, now }) => ({
        id,
        kind: lead.kind,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        company: lead.company ?? null,
        service: lead.service ?? null,
        message: lead.message ?? null,
        details: lead.details ?? null,
        is_spam: lead.isSpam ? 1 : 0,
        created_at: now.toISOString(),
        last_activity_at: now.toISOString(),
        assignee: lead.assignee ?? null,
        unverified: lead.unverified ? 1 : 0,
      })),
    )
    .execute();
  await queueDeliveries(
    trx,
    entries
      .filter((e) => !e.lead.isSpam)
      .map((e) => ({
        leadId: e.id,
        email: e.lead.email,
        // An unverified lead's address is whatever was typed: no mail goes to it.
        channels: e.lead.unverified ? teamChannels(e.channels) : e.channels,
        at: e.now,
      })),
  );
}
