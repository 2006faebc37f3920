import { DEFAULT_RETENTION, type VitalsBeacon } from "@site/contracts";
import type { Database } from "../records/database";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listAudit } from "../records/audit";
import { ManualClock } from "../platform/clock";
import { purgeExpired } from "../privacy/data-rights";
import { scheduleDailyPurge } from "../privacy/retention-schedule";
import { VitalsAggregator } from "./aggregator";
import { BACKENDS, useLeadServices } from "../../test/helpers";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-24T12:00:00.000Z");
const cli = { actorType: "cli" as const, actor: "operator" };
const beacon: VitalsBeacon = {
  route: "/",
  navigationType: "navigate",
  device: "desktop",
  metrics: [
    { name: "LCP", value: 1800, rating: "good" },
    { name: "CLS", value: 0, rating: "good" },
  ],
};
const quiet = { info: () => {}, warn: () => {} };

describe.each(BACKENDS)("speed figures: retention and writing on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    afterEach(() => vi.useRealTimers());

    /** Counts one beacon on the day `at` falls on, through the aggregator as the route does. */
    async function beaconOn(at: Date) {
      const aggregator = new VitalsAggregator({
        database: svc.database,
        clock: new ManualClock(at),
        logger: quiet,
      });
      aggregator.add(beacon);
      await aggregator.stop();
    }
    const days = async () =>
      (await svc.db.selectFrom("vitals_views").select("day").orderBy("day").execute()).map((r) => r.day);

    it("purges the days more than 90 days old with the rest, reports them, and audits the counts", async () => {
      await beaconOn(new Date(NOW.getTime() - 91 * DAY)); // 2026-08-25: gone
      await beaconOn(new Date(NOW.getTime() - 90.4 * DAY)); // 2026-08-25 too
      await beaconOn(new Date(NOW.getTime() - 90 * DAY)); // 2026-08-26: the oldest day kept
      await beaconOn(NOW);
      expect(await days()).toEqual(["2026-08-25", "2026-08-26", "2026-11-24"]);

      const dry = await purgeExpired(svc.database, {
        retention: DEFAULT_RETENTION,
        now: NOW,
        actor: cli,
        dryRun: true,
      });
      expect(dry.vitals).toEqual({ days: 1, rows: 3 }); // two histogram rows and a view row
      expect(await days()).toHaveLength(3);

      const r = await purgeExpired(svc.database, { retention: DEFAULT_RETENTION, now: NOW, actor: cli });
      expect(r.vitals).toEqual({ days: 1, rows: 3 });
      expect(await days()).toEqual(["2026-08-26", "2026-11-24"]);
      expect(
        (await svc.db.selectFrom("vitals_histogram").select("day").distinct().orderBy("day").execute()).map(
          (x) => x.day,
        ),
      ).toEqual(["2026-08-26", "2026-11-24"]);
      const [audit] = await listAudit(svc.db);
      expect(audit).toMatchObject({
        action: "purge",
        leadCount: 0,
        detail: { vitalsDays: 1, vitalsRows: 3 },
      });

      const again = await purgeExpired(svc.database, { retention: DEFAULT_RETENTION, now: NOW, actor: cli });
      expect(again.vitals).toEqual({ days: 0, rows: 0 });
    });

    it("the daily purge takes the speed figures with it as the clock moves on", async () => {
      const clock = new ManualClock(NOW);
      await beaconOn(new Date(NOW.getTime() - 89 * DAY));
      await beaconOn(NOW);
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const logs: unknown[] = [];
      const stop = scheduleDailyPurge({
        database: svc.database,
        retention: DEFAULT_RETENTION,
        clock,
        logger: { info: (o: unknown) => void logs.push(o), error: (o: unknown) => void logs.push(o) },
      });
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(() => expect(logs).toHaveLength(1));
      expect(await days()).toHaveLength(2);
      expect(logs[0]).toMatchObject({ vitalsDays: 0 });

      clock.advance(2 * DAY);
      await vi.advanceTimersByTimeAsync(DAY);
      await vi.waitFor(() => expect(logs).toHaveLength(2));
      expect(await days()).toEqual(["2026-11-24"]);
      expect(logs[1]).toMatchObject({ vitalsDays: 1 });
      stop();
    });

    it("keeps counts a failed write could not store and writes them with the next", async () => {
      let fail = true;
      const flaky: Database = {
        ...svc.database,
        writeAtomically(statements) {
          if (!fail) return svc.database.writeAtomically(statements);
          fail = false;
          return Promise.reject(new Error("database is locked"));
        },
      };
      const warnings: string[] = [];
      const aggregator = new VitalsAggregator({
        database: flaky,
        clock: new ManualClock(NOW),
        logger: { info: () => {}, warn: (_o: unknown, msg?: string) => void warnings.push(String(msg)) },
      });
      aggregator.add(beacon);
      await aggregator.flush();
      expect(warnings).toHaveLength(1);
      expect(await days()).toEqual([]);
      aggregator.add(beacon);
      await aggregator.stop();
      const counts = await svc.db
        .selectFrom("vitals_histogram")
        .select(["metric", "count"])
        .orderBy("metric")
        .execute();
      expect(counts.map((c) => [c.metric, Number(c.count)])).toEqual([
        ["CLS", 2],
        ["LCP", 2],
      ]);
    });

    it("refuses beacons (and says so) while its bound of waiting counts is reached", async () => {
      const aggregator = new VitalsAggregator({
        database: svc.database,
        clock: new ManualClock(NOW),
        logger: quiet,
        maxKeys: 2,
      });
      expect(aggregator.add(beacon)).toBe(true);
      expect(aggregator.add({ ...beacon, device: "mobile" })).toBe(false);
      await aggregator.stop();
      expect(aggregator.add({ ...beacon, device: "mobile" })).toBe(true);
    });
  });
});
