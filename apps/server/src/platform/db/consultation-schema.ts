/** Row types of the consultation tables (migration 0009). Instants are ISO 8601 UTC strings. */

/** One booked meeting; its lead (kind "consultation") holds the visitor's details. */
interface ConsultationsTable {
  lead_id: string;
  /** The member who meets the visitor (a staff id). */
  staff_id: string;
  starts_at: string;
  ends_at: string;
  /** The visitor's IANA zone, in which their e-mails name the time. */
  visitor_zone: string;
  /** `pending`: booked, waiting for the visitor's confirmation until `hold_until` (migration 0012). */
  status: "pending" | "confirmed" | "cancelled";
  /** The invitation's SEQUENCE: raised on every reschedule and on the cancellation. */
  sequence: number;
  booked_at: string;
  updated_at: string;
  /** JSON array of the staff ids the meeting was moved away from, owed a CANCEL. */
  released_staff: string;
  /** A pending meeting's hold ends then (ISO); null once confirmed, or booked without confirmation. */
  hold_until: string | null;
  /** How many hold rows a pending meeting took: its confirmation checks it still has them all. */
  hold_count: number | null;
}

/**
 * The database's guarantee that no member has two overlapping meetings: a meeting holds every
 * quarter-hour cell of its time and of the buffer after it, and a cell has one holder (primary key).
 */
interface ConsultationCellsTable {
  staff_id: string;
  /** The cell's start (ISO, UTC, on a quarter hour). */
  cell: string;
  lead_id: string;
  /** Null: held for good; else a pending meeting's hold, free for others once this has passed. */
  held_until: string | null;
}

/** The daily cap: a meeting holds one of the member's numbered seats of its day (member's zone). */
interface ConsultationSeatsTable {
  staff_id: string;
  day: string;
  seat: number;
  lead_id: string;
  /** Null: held for good; else a pending meeting's hold, free for others once this has passed. */
  held_until: string | null;
}

/** One meeting per address per day (London date of the meeting); the address only as a hash. */
interface ConsultationAddressDaysTable {
  address_hash: string;
  day: string;
  lead_id: string;
  /** Null: held for good; else a pending meeting's hold, free for others once this has passed. */
  held_until: string | null;
}

/** The one row (id 1) of company-wide settings. */
interface ConsultationSettingsTable {
  id: number;
  slot_minutes: number;
  buffer_minutes: number;
  notice_minutes: number;
  horizon_days: number;
  daily_cap: number;
  updated_at: string | null;
  updated_by: string | null;
  /** 1: a booking waits for the visitor to confirm their address (the default); 0: booked at once. */
  confirm_email: number;
}

/**
 * The caps on upcoming meetings: numbered seats per address (`address`, its SHA-256) and per client
 * (`client`, an HMAC of its IPv4 address or IPv6 /64), each held until the meeting starts (or, while
 * pending, until its hold ends); a seat whose `held_until` has passed may be taken again.
 */
interface ConsultationUpcomingTable {
  scope: "address" | "client";
  key_hash: string;
  seat: number;
  lead_id: string;
  held_until: string;
}

interface ConsultationHolidaysTable {
  office: string;
  day: string;
  name: string;
}

/** A member's availability; a member without a row takes no consultations. */
interface ConsultationMembersTable {
  staff_id: string;
  zone: string;
  takes_consultations: number;
  /** JSON WeekHours (packages/contracts desk-consultations.ts). */
  hours: string;
  updated_at: string;
}

interface ConsultationDaysOffTable {
  staff_id: string;
  day: string;
}

/** Secrets the instances share, made at first start (the consultation links' HMAC key). */
interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface ConsultationTables {
  consultations: ConsultationsTable;
  consultation_cells: ConsultationCellsTable;
  consultation_seats: ConsultationSeatsTable;
  consultation_address_days: ConsultationAddressDaysTable;
  consultation_upcoming: ConsultationUpcomingTable;
  consultation_settings: ConsultationSettingsTable;
  consultation_holidays: ConsultationHolidaysTable;
  consultation_members: ConsultationMembersTable;
  consultation_days_off: ConsultationDaysOffTable;
  server_secrets: ServerSecretsTable;
}
