// Consultations in tests: a database with members who take them (through the real stores), the
// contact and desk roles on a manual clock, and a reader for the invitations in received mails.
import {
  DEFAULT_CONSULTATION_SETTINGS,
  DEFAULT_WEEK_HOURS,
  DESK_SESSION_COOKIE,
  type Staff,
  type WeekHours,
} from "@site/contracts/desk";
import type { FastifyInstance } from "fastify";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { buildApp } from "../src/app";
import { deliveryChannels } from "../src/process";
import { ManualClock } from "../src/platform/clock";
import { type Database, openDatabase } from "../src/records/database";
import { OutboxWorker } from "../src/records/outbox/outbox-worker";
import { saveCompanySettings, saveMember } from "../src/consultations/availability-store";
import { SessionStore } from "../src/records/staff/session-store";
import { inviteStaff } from "../src/records/staff/staff-store";
import { signLink } from "../src/consultations/link-token";
import { withChallenge } from "./challenge-helpers";
import { type Backend, openTestDatabase, ORIGIN, type TestDatabase, testConfig } from "./helpers";

const TABLES = [
  "consultation_cells",
  "consultation_seats",
  "consultation_address_days",
  "consultation_upcoming",
  "consultations",
  "outbox",
  "lead_events",
  "notes",
  "idempotency_keys",
  "leads",
  "consultation_days_off",
  "consultation_members",
  "consultation_holidays",
  "sessions",
  "staff",
  "audit_log",
] as const;

const DESK_ORIGIN = "http://localhost:8100";
const MAIL_FROM = "Ceylon Bridge <no-reply@example.com>";
export const headers = { "content-type": "application/json", origin: ORIGIN };

/** Monday 5 January 2026, 06:00 UTC (GMT): the first slot past the 4 h notice is 10:00 London. */
const MONDAY = new Date("2026-01-05T06:00:00.000Z");

/** The one place a test builds a booking's body (a solved challenge joins it here when bookings need one). */
export function bookingBody(start: string, extra: Record<string, unknown> = {}) {
  return {
    name: "Ada Lovelace",
    email: "ada@example.com",
    company: "Analytical Engines Ltd",
    service: "erp-consultation",
    note: "Forty users on two sites.",
    zone: "Europe/London",
    start,
    ...extra,
  };
}

/**
 * A suite's database, clock and roles. `confirmEmail` is the company setting the suite runs with:
 * on (the product's default) a booking waits for its confirmation; the suites about what happens
 * once a meeting stands turn it off, so each booking stands at once as it does with the setting off.
 */
export function useConsultations(backend: Backend, opts: { confirmEmail?: boolean } = {}) {
  const confirmEmail = opts.confirmEmail ?? true;
  let t: TestDatabase;
  let second: Database | undefined;
  let clock: ManualClock;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await second?.close();
    await t.cleanup();
  });
  beforeEach(async () => {
    clock = new ManualClock(MONDAY);
    for (const table of TABLES) await t.database.db.deleteFrom(table).execute();
    await t.database.db
      .updateTable("consultation_settings")
      .set({
        slot_minutes: 30,
        buffer_minutes: 15,
        notice_minutes: 240,
        horizon_days: 30,
        daily_cap: 4,
        confirm_email: confirmEmail ? 1 : 0,
      })
      .execute();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  const admin: Staff = {
    id: "00000000-0000-7000-8000-000000000001",
    name: "System test",
    email: "t@example.com",
  };

  /**
   * The contact role; a suite books from one address (the inject's 127.0.0.1), so its limits are
   * lifted. `instance: 2` is another instance: its own connection to the same database.
   */
  async function contact(env: Record<string, string> = {}, opts: { instance?: 1 | 2 } = {}) {
    if (opts.instance === 2) second ??= await openDatabase(t.url);
    const app = await buildApp("contact", {
      config: testConfig({
        RATE_LIMIT_PER_MINUTE: "1000",
        CONSULTATIONS_PER_CLIENT: "1000",
        // It mails (so a booking can wait for its confirmation); this app itself never connects.
        SMTP_URL: "smtp://127.0.0.1:9",
        ...env,
      }),
      database: opts.instance === 2 ? second! : t.database,
      clock,
    });
    apps.push(app);
    return app;
  }
  async function linkSecret() {
    const row = await t.database.db
      .selectFrom("server_secrets")
      .select("value")
      .where("name", "=", "consultation-link-hmac")
      .executeTakeFirstOrThrow();
    return Buffer.from(row.value, "base64");
  }

  return {
    get database() {
      return t.database;
    },
    get db() {
      return t.database.db;
    },
    get url() {
      return t.url;
    },
    get clock() {
      return clock;
    },
    /** A member who takes consultations (default hours, Monday to Friday 09:00–18:00) in `zone`. */
    async member(name: string, zone: "Europe/London" | "Asia/Colombo" = "Europe/London", hours?: WeekHours) {
      const email = `${name.split(" ")[0]!.toLowerCase()}@staff.example`;
      const { staff } = await inviteStaff(t.database.db, { email, name }, clock.now(), {
        actorType: "cli",
        actor: "test",
      });
      await saveMember(
        t.database.db,
        staff.id,
        { zone, takesConsultations: true, hours: hours ?? DEFAULT_WEEK_HOURS, daysOff: [] },
        staff,
        clock.now(),
      );
      return staff;
    },
    async settings(
      change: Partial<typeof DEFAULT_CONSULTATION_SETTINGS> & {
        holidays?: { office: "london" | "colombo"; date: string; name: string }[];
      },
    ) {
      await saveCompanySettings(
        t.database.db,
        { ...DEFAULT_CONSULTATION_SETTINGS, confirmEmail, holidays: [], ...change },
        admin,
        clock.now(),
      );
    },
    /** The desk role (no pages) and a signed-in member's cookie. */
    async desk() {
      const app = await buildApp("desk", {
        config: testConfig({ DESK_URL: DESK_ORIGIN, DESK_BUILD_DIR: "/nonexistent" }),
        database: t.database,
        clock,
      });
      apps.push(app);
      const { staff } = await inviteStaff(
        t.database.db,
        { email: "desk@staff.example", name: "Desk User" },
        clock.now(),
        { actorType: "cli", actor: "test" },
      );
      const { token } = await new SessionStore(t.database.db, clock).create(staff.id);
      return { app, staff, headers: { origin: DESK_ORIGIN, cookie: `${DESK_SESSION_COOKIE}=${token}` } };
    },
    contact,
    /** The consultation links' key, as the server made it (stored in the database at first use). */
    linkSecret,
    /**
     * POSTs `payload` to `path` on the contact role (instance 1 or 2), which mails as the company; a
     * booking goes with a solved challenge.
     */
    async post(path: string, payload: object, instance: 1 | 2 = 1) {
      const app = await contact({ MAIL_FROM }, { instance });
      const body = path === "/consultation" ? await withChallenge(app, payload) : payload;
      return app.inject({ method: "POST", url: path, headers, payload: body });
    },
    /** The link a booking's confirmation mail holds, as its token. */
    async confirmToken(id: string) {
      return signLink(await linkSecret(), id, "confirm");
    },
    /** An outbox worker of this process (the meetings' channels and the team's), mailing `smtpUrl`. */
    worker(smtpUrl: string) {
      const config = testConfig({
        SMTP_URL: smtpUrl,
        NOTIFY_TO: "sales@example.com",
        MAIL_FROM,
      });
      return new OutboxWorker({
        database: t.database,
        channels: deliveryChannels({ config, database: t.database, clock }),
        logger: { info() {}, warn() {}, error() {} },
        clock,
        random: () => 0.5,
      });
    },
  };
}

/** One iCalendar object (an invitation as mailed or as the page offers it), parsed with ical.js. */
export function parseCalendar(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const event = cal.getFirstSubcomponent("vevent")!;
  const address = (p: ICAL.Property) => String(p.getFirstValue()).replace(/^mailto:/i, "");
  return {
    method: String(cal.getFirstPropertyValue("method")),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: String(event.getFirstPropertyValue("status")),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    attendees: event.getAllProperties("attendee").map(address),
    /** Each attendee as ical.js reads it: its name (CN) and address. */
    people: event
      .getAllProperties("attendee")
      .map((p) => ({ name: p.getParameter("cn") as string | undefined, address: address(p) })),
    organizer: address(event.getFirstProperty("organizer")!),
    organizerName: event.getFirstProperty("organizer")!.getParameter("cn") as string | undefined,
  };
}

/** The iCalendar objects of a received message (its text/calendar parts), parsed with ical.js. */
export function calendarsOf(raw: string) {
  const out: (ReturnType<typeof parseCalendar> & { contentType: string })[] = [];
  for (const m of raw.matchAll(
    /Content-Type: (text\/calendar[^\r\n]*)\r\n((?:[^\r\n]+\r\n)*)\r\n([\s\S]*?)(?=\r\n--)/gi,
  )) {
    const head = m[2]!;
    const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(head)?.[1]?.toLowerCase();
    const body =
      encoding === "base64"
        ? Buffer.from(m[3]!.replace(/\s+/g, ""), "base64").toString("utf8")
        : encoding === "quoted-printable"
          ? Buffer.from(
              m[3]!
                .replace(/=\r?\n/g, "")
                .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
              "latin1",
            ).toString("utf8")
          : m[3]!;
    out.push({ contentType: m[1]!, ...parseCalendar(body) });
  }
  return out;
}

/** A message's raw text with quoted-printable undone (for substring checks across its nested parts). */
export const readable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
