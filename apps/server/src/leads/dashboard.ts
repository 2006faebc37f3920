import { QUOTATION_SERVICES } from "@site/contracts";
import {
  type ChannelHealth,
  DASHBOARD_WEEKS,
  type DashboardAnswer,
  DELIVERY_CHANNELS,
  OPEN_STATUSES,
} from "@site/contracts/desk";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";
import { currentEndpoint } from "../records/outbox/webhook-endpoint";

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week `now` falls in. */
function weekStart(now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(day - ((now.getUTCDay() + 6) % 7) * DAY_MS);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The dashboard's figures over the last DASHBOARD_WEEKS weeks (this one included); spam left out. */
export async function dashboard(db: Kysely<DB>, now: Date): Promise<DashboardAnswer> {
  const first = new Date(weekStart(now).getTime() - (DASHBOARD_WEEKS - 1) * 7 * DAY_MS);
  const since = first.toISOString();

  const perDay = await db
    .selectFrom("leads")
    .select([
      sql<string>`substr(created_at, 1, 10)`.as("day"),
      "kind",
      (eb) => eb.fn.countAll<number>().as("n"),
    ])
    .where("is_spam", "=", 0)
    .where("created_at", ">=", since)
    .groupBy([sql`substr(created_at, 1, 10)`, "kind"])
    .execute();
  const weeks = Array.from({ length: DASHBOARD_WEEKS }, (_, i) => ({
    weekStart: new Date(first.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10),
    contact: 0,
    quotation: 0,
    consultation: 0,
    chat: 0,
  }));
  for (const row of perDay) {
    const week = weeks[Math.floor((Date.parse(`${row.day}T00:00:00Z`) - first.getTime()) / (7 * DAY_MS))];
    if (week) week[row.kind] += Number(row.n);
  }

  const perService = await db
    .selectFrom("leads")
    .select(["service", (eb) => eb.fn.countAll<number>().as("n")])
    .where("is_spam", "=", 0)
    .where("kind", "=", "quotation")
    .where("created_at", ">=", since)
    .groupBy("service")
    .execute();
  const services = QUOTATION_SERVICES.map((s) => ({
    service: s.value,
    label: s.label,
    count: Number(perService.find((r) => r.service === s.value)?.n ?? 0),
  })).sort((a, b) => b.count - a.count);

  const perStatus = await db
    .selectFrom("leads")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("is_spam", "=", 0)
    .where("status", "in", OPEN_STATUSES)
    .groupBy("status")
    .execute();
  const open = OPEN_STATUSES.map((status) => ({
    status,
    count: Number(perStatus.find((r) => r.status === status)?.n ?? 0),
  }));

  // Arrival → first status change, for leads received in these weeks that have had one.
  const firstChanges = await db
    .selectFrom("leads")
    .innerJoin("lead_events", "lead_events.lead_id", "leads.id")
    .select(["leads.created_at", (eb) => eb.fn.min("lead_events.at").as("first_at")])
    .where("leads.is_spam", "=", 0)
    .where("leads.created_at", ">=", since)
    .where("lead_events.type", "=", "status")
    .groupBy(["leads.id", "leads.created_at"])
    .execute();
  const durations = firstChanges.map((r) => Date.parse(String(r.first_at)) - Date.parse(r.created_at));
  return {
    weeks,
    services,
    open,
    firstResponse: { medianMs: median(durations), leads: durations.length },
    channels: await channelHealth(db, now),
  };
}

/** Per channel with deliveries: how many wait, fail and are retried, were given up or sent; the last error. */
async function channelHealth(db: Kysely<DB>, now: Date): Promise<ChannelHealth[]> {
  const count = (cond: string) => sql<number>`sum(case when ${sql.raw(cond)} then 1 else 0 end)`;
  const rows = await db
    .selectFrom("outbox")
    .select([
      "channel",
      count("sent_at is null and given_up_at is null and attempts = 0").as("pending"),
      count("sent_at is null and given_up_at is null and attempts > 0").as("failing"),
      count("sent_at is null and given_up_at is not null").as("failed"),
      count("sent_at is not null").as("sent"),
    ])
    .groupBy("channel")
    .execute();
  const health: ChannelHealth[] = [];
  for (const channel of DELIVERY_CHANNELS) {
    const r = rows.find((x) => x.channel === channel);
    if (!r) continue;
    const last = await db
      .selectFrom("outbox")
      .select(["last_error", "last_attempt_at"])
      .where("channel", "=", channel)
      .where("last_error", "is not", null)
      .orderBy("last_attempt_at", "desc")
      .limit(1)
      .executeTakeFirst();
    health.push({
      channel,
      pending: Number(r.pending),
      failing: Number(r.failing),
      failed: Number(r.failed),
      sent: Number(r.sent),
      lastError: last?.last_error ?? null,
      lastErrorAt: last?.last_attempt_at ?? null,
      endpoint: channel === "webhook" ? await currentEndpoint(db, now) : null,
    });
  }
  return health;
}
