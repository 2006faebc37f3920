import type { Staff } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../../platform/db/schema";
import { newLeadId } from "../../platform/ids";
import { type AuditEntry, recordAudit } from "../audit";
import { endSessionsOf } from "./session-store";
import { staffNameProblem } from "./staff-name";
import { hashToken, newToken } from "../../platform/tokens";

/** An enrolment link works once, within this time. */
const ENROLMENT_TTL_MS = 24 * 60 * 60 * 1000;

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

export class StaffError extends Error {}

/** A member's e-mail as stored: trimmed, lower-cased; throws StaffError when it is not an address. */
function normaliseEmail(email: string): string {
  const r = emailSchema.safeParse(email);
  if (!r.success) throw new StaffError(`not an e-mail address: ${email}`);
  return r.data;
}

type Actor = Pick<AuditEntry, "actorType" | "actor">;

/**
 * Invites a member (or re-invites: a removed member comes back, a current one gets a new link for
 * another device). Returns the single-use token of the enrolment link; only its hash is stored. The
 * member's earlier links that were not used yet stop working: only the latest invitation enrols.
 * Throws StaffError for a name staffNameProblem refuses (given, kept, or made from the address).
 */
export async function inviteStaff(
  db: Kysely<DB>,
  input: { email: string; name?: string | undefined },
  now: Date,
  actor: Actor,
): Promise<{ staff: Staff; token: string; expiresAt: string }> {
  const email = normaliseEmail(input.email);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ENROLMENT_TTL_MS).toISOString();
  const staff = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("staff").selectAll().where("email", "=", email).executeTakeFirst();
    const name = input.name?.trim() || existing?.name || email.split("@")[0]!;
    const problem = staffNameProblem(name);
    if (problem) throw new StaffError(`not a name for a member: ${JSON.stringify(name)}: ${problem}`);
    let id = existing?.id;
    if (id) {
      await trx.updateTable("staff").set({ name, removed_at: null }).where("id", "=", id).execute();
    } else {
      id = newLeadId(now);
      await trx
        .insertInto("staff")
        .values({ id, email, name, created_at: now.toISOString(), removed_at: null })
        .execute();
    }
    // The earlier links end now (the enrolment page says a link "was replaced").
    await trx
      .updateTable("enrolments")
      .set({ expires_at: now.toISOString() })
      .where("staff_id", "=", id)
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .execute();
    await trx
      .insertInto("enrolments")
      .values({
        token_hash: hashToken(token),
        staff_id: id,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    await recordAudit(trx, { ...actor, action: "staff.invite", detail: { staffId: id } }, now);
    return { id, email, name };
  });
  return { staff, token, expiresAt };
}

/** How many members the desk has (removed ones left out). */
export async function countMembers(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom("staff")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("removed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface StaffListing extends Staff {
  createdAt: string;
  passkeys: number;
  lastSignInAt: string | null;
}

/** Current members (removed ones left out), oldest first, with passkey count and last sign-in. */
export async function listStaff(db: Kysely<DB>): Promise<StaffListing[]> {
  const rows = await db
    .selectFrom("staff")
    .select((eb) => [
      "staff.id",
      "staff.email",
      "staff.name",
      "staff.created_at",
      eb
        .selectFrom("passkeys")
        .select((p) => p.fn.countAll().as("n"))
        .whereRef("passkeys.staff_id", "=", "staff.id")
        .as("passkeys"),
      eb
        .selectFrom("sessions")
        .select((s) => s.fn.max("sessions.created_at").as("at"))
        .whereRef("sessions.staff_id", "=", "staff.id")
        .as("last_sign_in_at"),
    ])
    .where("staff.removed_at", "is", null)
    .orderBy("staff.created_at")
    .orderBy("staff.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    createdAt: r.created_at,
    passkeys: Number(r.passkeys ?? 0),
    lastSignInAt: r.last_sign_in_at ?? null,
  }));
}

/**
 * Removes a member: their sessions end at once, their passkeys and open enrolment links are deleted.
 * The row stays (as removed) so their notes keep an author. Returns false when no such member.
 */
export async function removeStaff(db: Kysely<DB>, email: string, now: Date, actor: Actor): Promise<boolean> {
  const address = normaliseEmail(email);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("staff")
      .select("id")
      .where("email", "=", address)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (!row) return false;
    await trx.updateTable("staff").set({ removed_at: now.toISOString() }).where("id", "=", row.id).execute();
    const sessions = await endSessionsOf(trx, row.id, now);
    await trx.deleteFrom("passkeys").where("staff_id", "=", row.id).execute();
    await trx.deleteFrom("enrolments").where("staff_id", "=", row.id).execute();
    await recordAudit(
      trx,
      { ...actor, action: "staff.remove", detail: { staffId: row.id, sessionsEnded: sessions } },
      now,
    );
    return true;
  });
}

/** Current members, for the assignee picker. */
export async function activeStaff(db: Kysely<DB>): Promise<Staff[]> {
  return db
    .selectFrom("staff")
    .select(["id", "email", "name"])
    .where("removed_at", "is", null)
    .orderBy("name")
    .execute();
}
