import { randomBytes } from "node:crypto";
import { DEFAULT_RETENTION } from "@site/contracts";
import { describe, expect, it } from "vitest";
import type { Channel } from "../platform/db/schema";
import { listAudit } from "../records/audit";
import { eraseByEmail, exportByEmail, purgeExpired } from "./data-rights";
import { DELETE_CHUNK } from "./lead-deletion";
import type { NewLead } from "../records/intake/store-leads";
import { leadsToCsv } from "../records/lead-csv";
import { listLeads } from "../records/lead-queries";
import { DELIVERY_EXPIRY_MS, giveUpExpired } from "../records/outbox/outbox-store";
import { BACKENDS, useLeadServices } from "../../test/helpers";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-24T12:00:00.000Z");
const cli = { actorType: "cli" as const, actor: "operator" };

const lead = (email: string, isSpam = false): NewLead => ({
  kind: "contact",
  name: "Ada Lovelace",
  email,
  phone: "+44 20 7946 0000",
  message: "Hello",
  isSpam,
});

describe.each(BACKENDS)("data rights on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);

    async function store(
      email: string,
      at: Date,
      opts: { spam?: boolean; channels?: Channel[]; key?: string } = {},
    ) {
      const r = await svc.database.writeLead({
        lead: lead(email, opts.spam),
        now: at,
        channels: opts.spam ? [] : (opts.channels ?? ["email"]),
        idem: opts.key ? { key: opts.key, requestHash: `hash-${opts.key}` } : undefined,
        // As a form's lead with a checked proof-of-work solution (a lead without one gets no confirmation).
        challenge: { id: randomBytes(16).toString("hex"), expiresAt: new Date(at.getTime() + DAY) },
      });
      if (r.outcome !== "created") throw new Error(r.outcome);
      return r.id;
    }
    /** Marks every delivery of the lead sent (a purge waits for pending ones). */
    async function delivered(id: string) {
      await svc.db
        .updateTable("outbox")
        .set({ sent_at: NOW.toISOString() })
        .where("lead_id", "=", id)
        .execute();
    }

    it("purges enquiries 24 months after the last activity and spam after 30 days, not a second earlier", async () => {
      const edge = new Date("2024-11-24T12:00:00.000Z"); // exactly 24 calendar months before NOW
      const oldEnquiry = await store("old@example.com", new Date(edge.getTime() - 1), { key: "k-old" });
      const keptEnquiry = await store("kept@example.com", edge);
      const revived = await store("revived@example.com", new Date(edge.getTime() - 90 * DAY));
      // Someone in the company answered 10 days ago: its retention counts from then.
      await svc.db
        .updateTable("leads")
        .set({ last_activity_at: new Date(NOW.getTime() - 10 * DAY).toISOString() })
        .where("id", "=", revived)
        .execute();
      const oldSpam = await store("bot@example.com", new Date(NOW.getTime() - 30 * DAY - 1), { spam: true });
      const keptSpam = await store("bot2@example.com", new Date(NOW.getTime() - 30 * DAY), { spam: true });
      for (const id of [oldEnquiry, keptEnquiry, revived]) await delivered(id);

      const dry = await purgeExpired(svc.database, {
        retention: DEFAULT_RETENTION,
        now: NOW,
        actor: cli,
        dryRun: true,
      });
      expect(dry).toMatchObject({ enquiries: 1, spam: 1, dryRun: true });
      expect((await listLeads(svc.db, { spam: "include" })).length).toBe(5);
      expect(await listAudit(svc.db)).toEqual([]);

      const r = await purgeExpired(svc.database, { retention: DEFAULT_RETENTION, now: NOW, actor: cli });
      expect(r).toMatchObject({ enquiries: 1, spam: 1, dryRun: false });
      expect(r.leadIds.sort()).toEqual([oldEnquiry, oldSpam].sort());
      const left = (await listLeads(svc.db, { spam: "include" })).map((l) => l.id).sort();
      expect(left).toEqual([keptEnquiry, revived, keptSpam].sort());
      // The purged lead's delivery and idempotency key went with it.
      expect(
        await svc.db.selectFrom("outbox").select("lead_id").where("lead_id", "=", oldEnquiry).execute(),
      ).toEqual([]);
      expect(await svc.count("idempotency_keys")).toBe(0);

      const [audit] = await listAudit(svc.db);
      expect(audit).toMatchObject({
        actorType: "cli",
        actor: "operator",
        action: "purge",
        leadCount: 2,
        detail: { enquiries: 1, spam: 1, enquiryMonths: 24, spamDays: 30 },
      });
      expect(JSON.stringify(audit)).not.toMatch(/example\.com|Ada/);
    });

    it("follows overridden periods", async () => {
      const id = await store("short@example.com", new Date(NOW.getTime() - 40 * DAY));
      await delivered(id);
      const keep = await purgeExpired(svc.database, { retention: DEFAULT_RETENTION, now: NOW, actor: cli });
      expect(keep.enquiries).toBe(0);
      const gone = await purgeExpired(svc.database, {
        retention: { ...DEFAULT_RETENTION, enquiryMonths: 1 },
        now: NOW,
        actor: cli,
      });
      expect(gone.leadIds).toEqual([id]);
    });

    it("keeps an expired lead while a delivery is still being tried, and purges it once given up", async () => {
      const at = new Date(NOW.getTime() - 800 * DAY);
      const id = await store("pending@example.com", at, { channels: ["email", "webhook"] });
      await svc.db
        .updateTable("outbox")
        .set({ sent_at: NOW.toISOString() })
        .where("lead_id", "=", id)
        .where("channel", "=", "email")
        .execute();
      // The webhook delivery was requeued by hand a day ago and is still being tried.
      await svc.db
        .updateTable("outbox")
        .set({ queued_at: new Date(NOW.getTime() - DAY).toISOString(), attempts: 3 })
        .where("lead_id", "=", id)
        .where("channel", "=", "webhook")
        .execute();
      expect(
        (await purgeExpired(svc.database, { retention: DEFAULT_RETENTION, now: NOW, actor: cli })).leadIds,
      ).toEqual([]);

      const later = new Date(NOW.getTime() + DELIVERY_EXPIRY_MS);
      expect(await giveUpExpired(svc.database, later)).toBe(1);
      const [view] = await listLeads(svc.db);
      expect(view!.deliveries.map((d) => [d.channel, d.state])).toEqual([
        ["email", "sent"],
        ["webhook", "failed"],
      ]);
      expect(
        (await purgeExpired(svc.database, { retention: DEFAULT_RETENTION, now: later, actor: cli })).leadIds,
      ).toEqual([id]);
    });

    it("two purges at once delete each lead once and report only what each deleted", async () => {
      const ids = [];
      for (let i = 0; i < 30; i++)
        ids.push(await store(`p${i}@example.com`, new Date(NOW.getTime() - 40 * DAY), { spam: true }));
      const [a, b] = await Promise.all([
        purgeExpired(svc.database, { retention: DEFAULT_RETENTION, now: NOW, actor: cli }),
        purgeExpired(svc.database, {
          retention: DEFAULT_RETENTION,
          now: NOW,
          actor: { actorType: "system", actor: "b" },
        }),
      ]);
      expect(a.spam + b.spam).toBe(30);
      expect([...a.leadIds, ...b.leadIds].sort()).toEqual(ids.sort());
      expect(await svc.count("leads")).toBe(0);
      // One audit row per transaction (a purge deletes DELETE_CHUNK leads per transaction): each lead once.
      const audit = await listAudit(svc.db);
      expect(new Set(audit.map((r) => r.action))).toEqual(new Set(["purge"]));
      expect(audit.length).toBeGreaterThanOrEqual(30 / DELETE_CHUNK + 1);
      expect(audit.flatMap((r) => r.leadIds).sort()).toEqual(ids.sort());
    });

    it("exports and erases by address, whatever its case and surrounding spaces", async () => {
      const mine = [
        await store("Grace.Hopper@Example.com", new Date(NOW.getTime() - 3 * DAY), { key: "g1" }),
        await store("grace.hopper@example.COM", new Date(NOW.getTime() - 2 * DAY), {
          channels: ["email", "autoreply"],
        }),
        await store("grace.hopper@example.com", new Date(NOW.getTime() - DAY), { spam: true }),
      ];
      const other = await store("someone.else@example.com", NOW, { key: "o1" });

      const exported = await exportByEmail(svc.database, {
        email: "  GRACE.HOPPER@example.com ",
        format: "json",
        now: NOW,
        actor: cli,
      });
      expect(exported.map((l) => l.id).sort()).toEqual(mine.sort());
      expect(exported.find((l) => l.deliveries.length === 2)!.deliveries.map((d) => d.channel)).toEqual([
        "email",
        "autoreply",
      ]);

      const erased = await eraseByEmail(svc.database, {
        email: " grace.HOPPER@EXAMPLE.com",
        now: new Date(NOW.getTime() + 1000),
        actor: cli,
      });
      expect(erased.leadIds.sort()).toEqual(mine.sort());
      expect((await listLeads(svc.db, { spam: "include" })).map((l) => l.id)).toEqual([other]);
      expect(await svc.db.selectFrom("idempotency_keys").select("key").execute()).toEqual([{ key: "o1" }]);
      expect(await svc.db.selectFrom("outbox").select("lead_id").execute()).toEqual([{ lead_id: other }]);
      expect(await svc.count("autoreply_log" as "leads")).toBe(0);

      const audit = await listAudit(svc.db);
      expect(audit.map((r) => [r.action, r.leadCount])).toEqual([
        ["export", 3],
        ["erase", 3],
      ]);
      // The trail keeps the ids and counts, never the address.
      expect(JSON.stringify(audit).toLowerCase()).not.toContain("grace");
      expect(
        await exportByEmail(svc.database, {
          email: "grace.hopper@example.com",
          format: "csv",
          now: NOW,
          actor: cli,
        }),
      ).toEqual([]);
    });
    it("an export holds the desk's work on each lead: status, assignee, notes and history", async () => {
      const id = await store("ada@example.com", NOW);
      const at = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();
      await svc.db
        .insertInto("staff")
        .values({
          id: "s1",
          email: "sam@example.com",
          name: "Sam Seller",
          created_at: at(0),
          removed_at: null,
        })
        .execute();
      await svc.db
        .updateTable("leads")
        .set({ status: "contacted", assignee: "s1" })
        .where("id", "=", id)
        .execute();
      await svc.db
        .insertInto("lead_events")
        .values([
          {
            id: "e1",
            lead_id: id,
            at: at(1),
            staff_id: "s1",
            type: "status",
            from_value: "new",
            to_value: "contacted",
          },
          {
            id: "e2",
            lead_id: id,
            at: at(2),
            staff_id: "s1",
            type: "assignee",
            from_value: null,
            to_value: "s1",
          },
        ])
        .execute();
      await svc.db
        .insertInto("notes")
        .values({
          id: "n1",
          lead_id: id,
          staff_id: "s1",
          body: "Called back, wants a demo.",
          created_at: at(3),
        })
        .execute();

      const [lead] = await exportByEmail(svc.database, {
        email: "ADA@example.com",
        format: "json",
        now: NOW,
        actor: cli,
      });
      expect(lead).toMatchObject({
        status: "contacted",
        assignee: "Sam Seller",
        notes: [{ at: at(3), author: "Sam Seller", body: "Called back, wants a demo." }],
        history: [
          { at: at(1), by: "Sam Seller", change: "status", from: "new", to: "contacted" },
          { at: at(2), by: "Sam Seller", change: "assignee", from: null, to: "Sam Seller" },
        ],
      });
      const csv = leadsToCsv([lead!]);
      expect(csv.split("\r\n")[0]).toMatch(/,status,assignee,notes,history$/);
      expect(csv).toContain("Sam Seller: Called back, wants a demo.");
      // The list of the leads command names the working state too, without the notes.
      const [listed] = await listLeads(svc.db, { email: "ada@example.com" });
      expect(listed).toMatchObject({ status: "contacted", assignee: "Sam Seller" });
      expect(listed!.notes).toBeUndefined();
    });
  });
});
