import { DEFAULT_RETENTION } from "@site/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listAudit } from "../records/audit";
import { ManualClock } from "../platform/clock";
import { scheduleDailyPurge } from "./retention-schedule";
import { BACKENDS, useLeadServices } from "../../test/helpers";

const DAY = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)("daily retention purge on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);
    afterEach(() => vi.useRealTimers());

    it("purges a minute after start and then once a day, as the system, until stopped", async () => {
      const clock = new ManualClock(new Date("2026-11-24T00:00:00.000Z"));
      const spam = async (at: Date) => {
        const r = await svc.database.writeLead({
          lead: { kind: "contact", name: "Bot", email: "bot@example.com", phone: "000000", isSpam: true },
          now: at,
        });
        if (r.outcome !== "created") throw new Error(r.outcome);
        return r.id;
      };
      const first = await spam(new Date(clock.now().getTime() - 31 * DAY));
      const second = await spam(new Date(clock.now().getTime() - 29 * DAY)); // 30 days old tomorrow + 1 day
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const logs: string[] = [];
      const stop = scheduleDailyPurge({
        database: svc.database,
        retention: DEFAULT_RETENTION,
        clock,
        logger: {
          info: (...a: unknown[]) => void logs.push(String(a[1])),
          error: (...a: unknown[]) => void logs.push(String(a[1])),
        },
      });
      await vi.advanceTimersByTimeAsync(59_000);
      expect(await svc.count("leads")).toBe(2);
      await vi.advanceTimersByTimeAsync(1_000);
      // A purge is a transaction: on a loaded machine it takes more than waitFor's default second.
      const patiently = { timeout: 15_000 };
      await vi.waitFor(async () => expect(await svc.count("leads")).toBe(1), patiently);
      await vi.waitFor(() => expect(logs).toHaveLength(1), patiently); // the next run is scheduled after this one
      const [audit] = await listAudit(svc.db);
      expect(audit).toMatchObject({ actorType: "system", action: "purge", leadIds: [first] });
      expect(audit!.actor).toMatch(/:\d+$/);

      clock.advance(2 * DAY);
      await vi.advanceTimersByTimeAsync(DAY);
      await vi.waitFor(async () => expect(await svc.count("leads")).toBe(0), patiently);
      expect((await listAudit(svc.db)).map((r) => r.leadIds)).toEqual([[first], [second]]);

      stop();
      await vi.advanceTimersByTimeAsync(3 * DAY);
      expect(await listAudit(svc.db)).toHaveLength(2);
      expect(logs).toEqual(["retention purge done", "retention purge done"]);
    });
  });
});
