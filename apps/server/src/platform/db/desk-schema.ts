/** Row types of the desk's tables (migration 0004). Timestamps are ISO 8601 UTC strings. */
interface StaffTable {
  id: string;
  /** Lower-cased. */
  email: string;
  name: string;
  created_at: string;
  removed_at: string | null;
}

interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  staff_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of transports ("internal", "hybrid", …). */
  transports: string;
  created_at: string;
  last_used_at: string | null;
}

interface EnrolmentsTable {
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

interface SessionsTable {
  /** SHA-256 (hex) of the cookie's token. */
  token_hash: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  /** created_at + the absolute lifetime. */
  expires_at: string;
  ended_at: string | null;
}

interface WebauthnChallengesTable {
  challenge: string;
  purpose: "enrol" | "sign-in";
  enrolment_hash: string | null;
  expires_at: string;
}

interface NotesTable {
  id: string;
  lead_id: string;
  staff_id: string;
  body: string;
  created_at: string;
}

interface LeadEventsTable {
  id: string;
  lead_id: string;
  at: string;
  staff_id: string | null;
  /** "meeting": a consultation moved (to_value: the new start) or cancelled (to_value: "cancelled"). */
  type: "status" | "assignee" | "spam" | "meeting";
  from_value: string | null;
  to_value: string | null;
}

export interface DeskTables {
  staff: StaffTable;
  passkeys: PasskeysTable;
  enrolments: EnrolmentsTable;
  sessions: SessionsTable;
  webauthn_challenges: WebauthnChallengesTable;
  notes: NotesTable;
  lead_events: LeadEventsTable;
}
