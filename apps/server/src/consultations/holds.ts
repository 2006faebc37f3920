// What a meeting holds, and how: rows whose primary keys no other meeting can hold at the same time
// (decision 0018), inserted in the booking's transaction. A pending meeting (waiting for its visitor to
// confirm the address) holds them until its hold ends (`held_until`); after that another booking may
// take them over in the same upsert, whose WHERE sees the expiry (`held_until <= now`; null never
// lapses; decision 0024): no worker has to run for a lapsed hold to free its slot, and two bookings
// cannot both take a lapsed row.
import type { ConsultationSettings } from "@site/contracts/desk";
import { UPCOMING_PER_ADDRESS } from "@site/contracts/consultation";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";
import { addressHash } from "../records/address-hash";
import { cellsOf, dateIn, type MemberSchedule } from "./availability";

/** The company's home zone: the date of the one-meeting-per-address-per-day rule. */
const HOME_ZONE = "Europe/London";

/** Why a hold was refused: the member's (taken, full) or the visitor's (the rest). */
export type Refused = "taken" | "full" | "address" | "address_limit" | "client_limit";

/** How a meeting holds what it takes. */
export interface HoldTerms {
  leadId: string;
  /** Null: for good (a standing meeting); else the pending meeting's hold ends then (ISO). */
  heldUntil: string | null;
  /** Now (ISO): rows whose pending hold ended before it may be taken over. */
  now: string;
}

/** The member's holds at `start`: every quarter hour with its buffer, and a seat of the day. */
async function holdMember(
  trx: Kysely<DB>,
  t: HoldTerms,
  member: MemberSchedule,
  start: Date,
  settings: ConsultationSettings,
): Promise<"held" | "taken" | "full"> {
  const cells = cellsOf(start, settings);
  const held = await trx
    .insertInto("consultation_cells")
    .values(cells.map((cell) => ({ staff_id: member.id, cell, lead_id: t.leadId, held_until: t.heldUntil })))
    .onConflict((oc) =>
      oc
        .columns(["staff_id", "cell"])
        .doUpdateSet((eb) => ({
          lead_id: eb.ref("excluded.lead_id"),
          held_until: eb.ref("excluded.held_until"),
        }))
        .where("consultation_cells.held_until", "<=", t.now),
    )
    .returning("cell")
    .execute();
  if (held.length < cells.length) return "taken";
  const day = dateIn(start, member.zone);
  for (let seat = 1; seat <= settings.dailyCap; seat++) {
    const r = await trx
      .insertInto("consultation_seats")
      .values({ staff_id: member.id, day, seat, lead_id: t.leadId, held_until: t.heldUntil })
      .onConflict((oc) =>
        oc
          .columns(["staff_id", "day", "seat"])
          .doUpdateSet((eb) => ({
            lead_id: eb.ref("excluded.lead_id"),
            held_until: eb.ref("excluded.held_until"),
          }))
          .where("consultation_seats.held_until", "<=", t.now),
      )
      .returning("seat")
      .execute();
    if (r.length === 1) return "held";
  }
  return "full";
}

/** One meeting per address per day (the meeting's London date). */
async function holdAddressDay(trx: Kysely<DB>, t: HoldTerms, start: Date, email: string) {
  const claimed = await trx
    .insertInto("consultation_address_days")
    .values({
      address_hash: addressHash(email),
      day: dateIn(start, HOME_ZONE),
      lead_id: t.leadId,
      held_until: t.heldUntil,
    })
    .onConflict((oc) =>
      oc
        .columns(["address_hash", "day"])
        .doUpdateSet((eb) => ({
          lead_id: eb.ref("excluded.lead_id"),
          held_until: eb.ref("excluded.held_until"),
        }))
        .where("consultation_address_days.held_until", "<=", t.now),
    )
    .returning("day")
    .execute();
  return claimed.length === 1;
}

/** A seat of `scope`'s cap for `key`: the first of 1…`cap` that is free or whose holder has started. */
async function holdUpcoming(
  trx: Kysely<DB>,
  t: HoldTerms,
  scope: "address" | "client",
  key: string,
  cap: number,
  until: string,
) {
  for (let seat = 1; seat <= cap; seat++) {
    const r = await trx
      .insertInto("consultation_upcoming")
      .values({ scope, key_hash: key, seat, lead_id: t.leadId, held_until: until })
      .onConflict((oc) =>
        oc
          .columns(["scope", "key_hash", "seat"])
          .doUpdateSet((eb) => ({
            lead_id: eb.ref("excluded.lead_id"),
            held_until: eb.ref("excluded.held_until"),
          }))
          .where("consultation_upcoming.held_until", "<=", t.now),
      )
      .returning("seat")
      .execute();
    if (r.length === 1) return true;
  }
  return false;
}

/**
 * The visitor's caps on upcoming meetings: a seat of their address's UPCOMING_PER_ADDRESS and of
 * their client's `perClient`, held until the meeting starts (a pending one: until its hold ends).
 */
export async function holdCaps(
  trx: Kysely<DB>,
  t: HoldTerms,
  caps: { email: string; client: string; perClient: number; start: Date },
): Promise<"held" | "address_limit" | "client_limit"> {
  const until = t.heldUntil ?? caps.start.toISOString();
  if (!(await holdUpcoming(trx, t, "address", addressHash(caps.email), UPCOMING_PER_ADDRESS, until))) {
    return "address_limit";
  }
  return (await holdUpcoming(trx, t, "client", caps.client, caps.perClient, until)) ? "held" : "client_limit";
}

/** Lets go of the meeting's holds at its time (cells, seat, address day): a move, a failed try. */
export async function releaseTimeHolds(trx: Kysely<DB>, leadId: string) {
  for (const table of ["consultation_cells", "consultation_seats", "consultation_address_days"] as const) {
    await trx.deleteFrom(table).where("lead_id", "=", leadId).execute();
  }
}

/** Lets go of everything a meeting holds, its caps included (a cancellation). */
export async function releaseHolds(trx: Kysely<DB>, leadId: string) {
  await releaseTimeHolds(trx, leadId);
  await trx.deleteFrom("consultation_upcoming").where("lead_id", "=", leadId).execute();
}

/**
 * Holds `start` for the first of `members` whose cells and seat are free, and the address's day;
 * returns the member, or what refused ("address" stops at once: it is the visitor's, whoever the
 * member). Each failed try lets go of what it took before the next.
 */
export async function holdFirst(
  trx: Kysely<DB>,
  t: HoldTerms,
  members: readonly MemberSchedule[],
  start: Date,
  email: string,
  settings: ConsultationSettings,
): Promise<MemberSchedule | Refused> {
  if (!(await holdAddressDay(trx, t, start, email))) return "address";
  let refusal: Refused = "taken";
  for (const member of members) {
    const r = await holdMember(trx, t, member, start, settings);
    if (r === "held") return member;
    await trx.deleteFrom("consultation_cells").where("lead_id", "=", t.leadId).execute();
    await trx.deleteFrom("consultation_seats").where("lead_id", "=", t.leadId).execute();
    refusal = r;
  }
  return refusal;
}

/** How many rows a pending meeting holds (its `hold_count`): every table's rows of it. */
export async function countHolds(trx: Kysely<DB>, leadId: string): Promise<number> {
  let n = 0;
  for (const table of [
    "consultation_cells",
    "consultation_seats",
    "consultation_address_days",
    "consultation_upcoming",
  ] as const) {
    const r = await trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"))
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    n += Number(r.n);
  }
  return n;
}

/**
 * A pending meeting confirmed: its holds become a standing meeting's (cells, seat and day for good,
 * the caps until it starts). Only rows still held until `holdUntil` are kept; true when all
 * `count` of them were (none lapsed and was taken meanwhile).
 */
export async function keepHolds(
  trx: Kysely<DB>,
  leadId: string,
  holdUntil: string,
  start: string,
  count: number,
): Promise<boolean> {
  let kept = 0;
  for (const table of ["consultation_cells", "consultation_seats", "consultation_address_days"] as const) {
    const r = await trx
      .updateTable(table)
      .set({ held_until: null })
      .where("lead_id", "=", leadId)
      .where("held_until", "=", holdUntil)
      .executeTakeFirst();
    kept += Number(r.numUpdatedRows);
  }
  const caps = await trx
    .updateTable("consultation_upcoming")
    .set({ held_until: start })
    .where("lead_id", "=", leadId)
    .where("held_until", "=", holdUntil)
    .executeTakeFirst();
  return kept + Number(caps.numUpdatedRows) === count;
}

/** A standing meeting moved to `start`: its caps are held until then (a move books nothing more). */
export async function moveCaps(trx: Kysely<DB>, leadId: string, start: Date) {
  await trx
    .updateTable("consultation_upcoming")
    .set({ held_until: start.toISOString() })
    .where("lead_id", "=", leadId)
    .execute();
}
