import { quotationServiceLabel, type StoredLeadKind } from "@site/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";

/**
 * What a notification about one lead shows: who wrote, how to answer, and what they asked. The
 * mailer needs nothing else (no spam flag, no delivery state), so it reads only this.
 */
export interface LeadNotice {
  id: string;
  kind: StoredLeadKind;
  createdAt: string;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  /** The quotation service's value ("erp-consultation"), null for a contact message. */
  service: string | null;
  /** The label of the quoted service ("ERP Consultation"), null for a contact message. */
  serviceLabel: string | null;
  message: string | null;
  details: string | null;
}

export async function readLeadNotice(db: Kysely<DB>, id: string): Promise<LeadNotice | undefined> {
  const r = await db
    .selectFrom("leads")
    .select([
      "id",
      "kind",
      "created_at",
      "name",
      "email",
      "phone",
      "company",
      "service",
      "message",
      "details",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: r.id,
    kind: r.kind,
    createdAt: r.created_at,
    name: r.name,
    email: r.email,
    phone: r.phone,
    company: r.company,
    service: r.service,
    serviceLabel: r.service ? quotationServiceLabel(r.service) : null,
    message: r.message,
    details: r.details,
  };
}
