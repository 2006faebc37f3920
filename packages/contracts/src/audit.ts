/** Who acted: a person at the leads command (cli), a staff member in the desk, or the service itself. */
export const AUDIT_ACTOR_TYPES = ["cli", "staff", "system"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** One row of the audit trail as the leads command and the desk show it. */
export interface AuditRecord {
  id: string;
  at: string;
  actorType: AuditActorType;
  actor: string;
  action: string;
  leadIds: string[];
  leadCount: number;
  /** Counts and enumerated values only: never a person's data. */
  detail: Record<string, string | number | boolean | null>;
}
