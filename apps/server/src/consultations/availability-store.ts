// Reading and changing availability: the company settings with the public holidays, each member's
// zone, hours and days off. Every change commits with its audit row (who, and what, by id and counts).
import { OFFICES, type OfficeZone } from "@site/contracts/consultation";
import {
  type CompanySettings,
  type ConsultationSettings,
  DEFAULT_WEEK_HOURS,
  type MemberAvailability,
  type MemberAvailabilityUpdate,
  type Staff,
  weekHoursSchema,
} from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";
import { type AuditEntry, recordAudit, staffActor } from "../records/audit";
import type { MemberSchedule, Taken } from "./availability";

const officeOfZone = (zone: string) => OFFICES.find((o) => o.zone === zone)?.id;

export async function readSettings(db: Kysely<DB>): Promise<ConsultationSettings> {
  const r = await db
    .selectFrom("consultation_settings")
    .selectAll()
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return {
    slotMinutes: Number(r.slot_minutes),
    bufferMinutes: Number(r.buffer_minutes),
    noticeMinutes: Number(r.notice_minutes),
    horizonDays: Number(r.horizon_days),
    dailyCap: Number(r.daily_cap),
    confirmEmail: Number(r.confirm_email) === 1,
  };
}

export async function readCompanySettings(db: Kysely<DB>): Promise<CompanySettings> {
  const holidays = await db
    .selectFrom("consultation_holidays")
    .selectAll()
    .orderBy("day")
    .orderBy("office")
    .execute();
  return {
    ...(await readSettings(db)),
    holidays: holidays.map((h) => ({ office: h.office as "london" | "colombo", date: h.day, name: h.name })),
  };
}

/** Replaces the settings and the holiday list; audited with what changed (numbers and counts). */
export async function saveCompanySettings(db: Kysely<DB>, next: CompanySettings, staff: Staff, now: Date) {
  await db.transaction().execute(async (trx) => {
    const before = await readCompanySettings(trx);
    const { holidays, ...settings } = next;
    await trx
      .updateTable("consultation_settings")
      .set({
        slot_minutes: settings.slotMinutes,
        buffer_minutes: settings.bufferMinutes,
        notice_minutes: settings.noticeMinutes,
        horizon_days: settings.horizonDays,
        daily_cap: settings.dailyCap,
        confirm_email: settings.confirmEmail ? 1 : 0,
        updated_at: now.toISOString(),
        updated_by: staff.id,
      })
      .where("id", "=", 1)
      .execute();
    await trx.deleteFrom("consultation_holidays").execute();
    const unique = new Map(holidays.map((h) => [`${h.office}|${h.date}`, h]));
    if (unique.size > 0) {
      await trx
        .insertInto("consultation_holidays")
        .values([...unique.values()].map((h) => ({ office: h.office, day: h.date, name: h.name })))
        .execute();
    }
    const key = (h: { office: string; date: string }) => `${h.office}|${h.date}`;
    const had = new Set(before.holidays.map(key));
    const detail: Record<string, number | boolean> = {};
    for (const k of Object.keys(settings) as (keyof ConsultationSettings)[]) {
      if (settings[k] !== before[k]) detail[k] = settings[k];
    }
    await recordAudit(
      trx,
      {
        ...staffActor(staff),
        action: "consultation.settings",
        detail: {
          ...detail,
          holidaysAdded: [...unique.keys()].filter((k) => !had.has(k)).length,
          holidaysRemoved: [...had].filter((k) => !unique.has(k)).length,
        },
      },
      now,
    );
  });
}

/** Every current member's availability; a member who never set it: London, the default hours, off. */
export async function readMembers(db: Kysely<DB>): Promise<MemberAvailability[]> {
  const rows = await db
    .selectFrom("staff")
    .leftJoin("consultation_members as m", "m.staff_id", "staff.id")
    .select(["staff.id", "staff.name", "staff.email", "m.zone", "m.takes_consultations", "m.hours"])
    .where("staff.removed_at", "is", null)
    .orderBy("staff.name")
    .execute();
  const off = await db.selectFrom("consultation_days_off").selectAll().orderBy("day").execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    zone: (r.zone ?? "Europe/London") as OfficeZone,
    takesConsultations: Number(r.takes_consultations ?? 0) === 1,
    hours: r.hours ? weekHoursSchema.parse(JSON.parse(r.hours)) : DEFAULT_WEEK_HOURS,
    daysOff: off.filter((d) => d.staff_id === r.id).map((d) => d.day),
  }));
}

/** Sets one member's availability; false when there is no such current member. Audited (`by`: a member, or the leads command's user). */
export async function saveMember(
  db: Kysely<DB>,
  id: string,
  next: MemberAvailabilityUpdate,
  by: Staff | Pick<AuditEntry, "actorType" | "actor">,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom("staff")
      .select("id")
      .where("id", "=", id)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (!member) return false;
    const before = (await readMembers(trx)).find((m) => m.id === id)!;
    const row = {
      zone: next.zone,
      takes_consultations: next.takesConsultations ? 1 : 0,
      hours: JSON.stringify(next.hours),
      updated_at: now.toISOString(),
    };
    await trx
      .insertInto("consultation_members")
      .values({ staff_id: id, ...row })
      .onConflict((oc) => oc.column("staff_id").doUpdateSet(row))
      .execute();
    const days = [...new Set(next.daysOff)];
    await trx.deleteFrom("consultation_days_off").where("staff_id", "=", id).execute();
    if (days.length) {
      await trx
        .insertInto("consultation_days_off")
        .values(days.map((day) => ({ staff_id: id, day })))
        .execute();
    }
    await recordAudit(
      trx,
      {
        ...("actorType" in by ? by : staffActor(by)),
        action: "consultation.availability",
        detail: {
          member: id,
          zone: next.zone,
          takesConsultations: next.takesConsultations,
          hoursChanged: JSON.stringify(before.hours) !== JSON.stringify(next.hours),
          daysOffAdded: days.filter((d) => !before.daysOff.includes(d)).length,
          daysOffRemoved: before.daysOff.filter((d) => !days.includes(d)).length,
        },
      },
      now,
    );
    return true;
  });
}

/** The members who take consultations, as the slot computation needs them. */
export async function readSchedules(db: Kysely<DB>): Promise<MemberSchedule[]> {
  const members = (await readMembers(db)).filter((m) => m.takesConsultations);
  if (members.length === 0) return [];
  const holidays = await db.selectFrom("consultation_holidays").select(["office", "day"]).execute();
  const last = await db
    .selectFrom("consultations")
    .select(["staff_id", (eb) => eb.fn.max("booked_at").as("last")])
    .groupBy("staff_id")
    .execute();
  return members.map((m) => ({
    id: m.id,
    zone: m.zone,
    hours: m.hours,
    daysOff: new Set([
      ...m.daysOff,
      ...holidays.filter((h) => h.office === officeOfZone(m.zone)).map((h) => h.day),
    ]),
    lastBookedAt: last.find((l) => l.staff_id === m.id)?.last ?? null,
  }));
}

/**
 * The cells and meetings per member-day held at `now` from `since` on (`except`: a meeting being
 * moved): a pending meeting's holds count until they lapse, as the holds' upserts see them.
 */
export async function readTaken(db: Kysely<DB>, now: Date, since: Date, except?: string): Promise<Taken> {
  const at = now.toISOString();
  let cells = db
    .selectFrom("consultation_cells")
    .select(["staff_id", "cell"])
    .where("cell", ">=", since.toISOString())
    .where((eb) => eb.or([eb("held_until", "is", null), eb("held_until", ">", at)]));
  let seats = db
    .selectFrom("consultation_seats")
    .select(["staff_id", "day", (eb) => eb.fn.countAll().as("n")])
    // A member's date may be a day behind UTC's.
    .where("day", ">=", new Date(since.getTime() - 86_400_000).toISOString().slice(0, 10))
    .where((eb) => eb.or([eb("held_until", "is", null), eb("held_until", ">", at)]))
    .groupBy(["staff_id", "day"]);
  if (except) {
    cells = cells.where("lead_id", "!=", except);
    seats = seats.where("lead_id", "!=", except);
  }
  return {
    cells: new Set((await cells.execute()).map((c) => `${c.staff_id}|${c.cell}`)),
    perDay: new Map((await seats.execute()).map((s) => [`${s.staff_id}|${s.day}`, Number(s.n)])),
  };
}
