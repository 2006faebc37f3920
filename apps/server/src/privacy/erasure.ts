// Erasure from the desk: a member erases every lead of a lead's address (article 17), audited as them.
import { sql } from "kysely";
import type { Staff } from "@site/contracts/desk";
import type { Database } from "../records/database";
import { staffActor } from "../records/audit";
import { eraseByEmail } from "./data-rights";

/** The address of a lead and how many leads (spam included) an erasure of it would remove. */
export async function erasurePreview(database: Database, id: string) {
  const lead = await database.db.selectFrom("leads").select("email").where("id", "=", id).executeTakeFirst();
  if (!lead) return undefined;
  const r = await database.db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll().as("n"))
    .where(sql`lower(email)`, "=", lead.email.trim().toLowerCase())
    .executeTakeFirstOrThrow();
  return { email: lead.email, leads: Number(r.n) };
}

/** Erases every lead of this lead's address (issue 15's erasure, audited as the member). */
export async function eraseLeadPerson(
  database: Database,
  opts: { id: string; staff: Staff; now: Date; onErased?: ((ids: readonly string[]) => void) | undefined },
) {
  const preview = await erasurePreview(database, opts.id);
  if (!preview) return undefined;
  const { leadIds } = await eraseByEmail(database, {
    email: preview.email,
    now: opts.now,
    actor: staffActor(opts.staff),
  });
  opts.onErased?.(leadIds);
  return { erased: leadIds.length };
}
