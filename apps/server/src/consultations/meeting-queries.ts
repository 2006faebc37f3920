// The read model of meetings: one meeting with its visitor and member (mails, the visitor's page) and
// the upcoming ones (the desk's screen).
import { type QuotationService, quotationServiceLabel } from "@site/contracts";
import type { MeetingStatus } from "@site/contracts/consultation";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";

export interface MeetingView {
  leadId: string;
  /** As stored: `pending` until confirmed (see holdUntil), `confirmed`, `cancelled`. */
  status: "pending" | "confirmed" | "cancelled";
  /** A pending meeting's hold ends then (ISO): not confirmed by then, it has expired. */
  holdUntil: string | null;
  start: string;
  end: string;
  sequence: number;
  visitorZone: string;
  bookedAt: string;
  /** Members the meeting was moved away from (owed a CANCEL). */
  releasedStaff: string[];
  member: { id: string; name: string; email: string; zone: string };
  visitor: { name: string; email: string; phone: string | null; company: string | null };
  service: string;
  serviceLabel: string;
  note: string | null;
}

function meetings(db: Kysely<DB>) {
  return db
    .selectFrom("consultations as c")
    .innerJoin("leads as l", "l.id", "c.lead_id")
    .innerJoin("staff as s", "s.id", "c.staff_id")
    .leftJoin("consultation_members as m", "m.staff_id", "c.staff_id")
    .select([
      "c.lead_id",
      "c.status",
      "c.starts_at",
      "c.ends_at",
      "c.sequence",
      "c.visitor_zone",
      "c.booked_at",
      "c.released_staff",
      "c.hold_until",
      "s.id as staff_id",
      "s.name as staff_name",
      "s.email as staff_email",
      "m.zone as staff_zone",
      "l.name",
      "l.email",
      "l.phone",
      "l.company",
      "l.service",
      "l.message",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof meetings>["execute"]>>[number];

function view(r: Row): MeetingView {
  const service = r.service ?? "";
  return {
    leadId: r.lead_id,
    status: r.status,
    holdUntil: r.hold_until,
    start: r.starts_at,
    end: r.ends_at,
    sequence: Number(r.sequence),
    visitorZone: r.visitor_zone,
    bookedAt: r.booked_at,
    releasedStaff: JSON.parse(r.released_staff) as string[],
    member: {
      id: r.staff_id,
      name: r.staff_name,
      email: r.staff_email,
      zone: r.staff_zone ?? "Europe/London",
    },
    visitor: { name: r.name, email: r.email, phone: r.phone || null, company: r.company },
    service,
    serviceLabel: service ? quotationServiceLabel(service as QuotationService) : "",
    note: r.message,
  };
}

/** The state a person is shown: a pending meeting whose hold has passed is `expired`. */
export function meetingStatus(m: Pick<MeetingView, "status" | "holdUntil">, now: Date): MeetingStatus {
  return m.status === "pending" && (!m.holdUntil || Date.parse(m.holdUntil) <= now.getTime())
    ? "expired"
    : m.status;
}

export async function readMeeting(db: Kysely<DB>, leadId: string): Promise<MeetingView | undefined> {
  const r = await meetings(db).where("c.lead_id", "=", leadId).executeTakeFirst();
  return r && view(r);
}

/** Confirmed meetings that end after `from`, earliest first. */
export async function upcomingMeetings(db: Kysely<DB>, from: Date): Promise<MeetingView[]> {
  const rows = await meetings(db)
    .where("c.status", "=", "confirmed")
    .where("c.ends_at", ">", from.toISOString())
    .orderBy("c.starts_at")
    .orderBy("s.name")
    .execute();
  return rows.map(view);
}

/** Members' names and addresses by id (a released member's cancellation). */
export async function staffContacts(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("staff").select(["id", "name", "email"]).where("id", "in", ids).execute();
}
