import { SITE_SPEED_MIN_SAMPLES, siteSpeedAnswerSchema } from "@site/contracts/desk";
import { rateVital } from "@site/contracts";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { useDesk } from "../../test/desk-helpers";
import { BACKENDS, ORIGIN, testConfig } from "../../test/helpers";

const DAY = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)("the desk's site speed figures ($backend)", ({ backend, skip }) => {
  const d = useDesk(backend);

  /** Beacons through the real contact service on the desk's database, counted on the clock's day. */
  async function send(beacons: object[]) {
    const contact = await buildApp("contact", {
      config: testConfig({ VITALS_RATE_LIMIT_PER_MINUTE: "100000" }),
      database: d.database,
      clock: d.clock,
    });
    for (const b of beacons) {
      const res = await contact.inject({
        method: "POST",
        url: "/vitals",
        headers: { origin: ORIGIN, "content-type": "text/plain;charset=UTF-8" },
        payload: JSON.stringify(b),
      });
      expect(res.statusCode).toBe(204);
    }
    await contact.close();
  }
  const lcp = (route: string, device: string, value: number, navigationType = "navigate") => ({
    route,
    device,
    navigationType,
    metrics: [{ name: "LCP", value, rating: rateVital("LCP", value) }],
  });

  it.skipIf(skip)(
    "gives the p75 per route and device for 7 and 28 days, and says when samples are too few",
    async () => {
      const today = d.clock.now();
      // Ten days ago: 20 slow page views of / on desktop (in the 28 days, not the 7).
      d.clock.set(new Date(today.getTime() - 10 * DAY));
      await send(Array.from({ length: 20 }, () => lcp("/", "desktop", 6000)));
      // Forty days ago: outside both windows.
      d.clock.set(new Date(today.getTime() - 40 * DAY));
      await send(Array.from({ length: 50 }, () => lcp("/", "desktop", 100)));
      // Today: 30 views of / on desktop, LCP 1,000 … 3,900 ms (exact p75 by rank: 3,200), and five of
      // /about on mobile.
      d.clock.set(today);
      await send(
        Array.from({ length: 30 }, (_, i) =>
          lcp("/", "desktop", 1000 + i * 100, i < 3 ? "reload" : "navigate"),
        ),
      );
      await send(Array.from({ length: 5 }, () => lcp("/about", "mobile", 1500)));

      const { cookie } = await d.signIn();
      const app = await d.desk();
      expect((await app.inject({ method: "GET", url: "/api/site-speed" })).statusCode).toBe(401);
      const res = await app.inject({ method: "GET", url: "/api/site-speed", headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const a = siteSpeedAnswerSchema.parse(res.json());
      expect(a.today).toBe(today.toISOString().slice(0, 10));
      expect(a.minSamples).toBe(SITE_SPEED_MIN_SAMPLES);

      expect(a.routes.map((r) => [r.route, r.device, r.views.d7, r.views.d28])).toEqual([
        ["/", "desktop", 30, 50],
        ["/about", "mobile", 5, 5],
      ]);
      const home = a.routes[0]!.metrics.find((m) => m.metric === "LCP")!;
      expect(home.d7.samples).toBe(30);
      expect(Math.abs(home.d7.p75! - 3200) / 3200).toBeLessThan(0.02);
      expect(home.d28.samples).toBe(50);
      expect(home.d28.p75).toBeGreaterThan(5800); // 20 of the 50 are the slow ones: p75 among them
      const about = a.routes[1]!.metrics.find((m) => m.metric === "LCP")!;
      expect(about.d7).toEqual({ samples: 5, p75: null }); // too few samples
      // A metric no beacon carried: no samples at all.
      expect(a.routes[0]!.metrics.find((m) => m.metric === "INP")!.d28).toEqual({ samples: 0, p75: null });

      // The whole site, per device.
      expect(a.site.map((s) => [s.device, s.views.d28])).toEqual([
        ["mobile", 5],
        ["desktop", 50],
      ]);
      // The trend: 28 days ending today; today's desktop LCP, nothing on days without beacons.
      const trend = a.trend.find((t) => t.metric === "LCP")!.days;
      expect(trend).toHaveLength(28);
      expect(trend.at(-1)).toMatchObject({
        day: a.today,
        desktop: { samples: 30 },
        mobile: { samples: 5, p75: null },
      });
      expect(trend.at(-11)!.desktop.p75).toBeGreaterThan(5800);
      expect(trend.at(-2)!.desktop).toEqual({ samples: 0, p75: null });
      expect(a.navigation.filter((n) => n.views.d28 > 0)).toEqual([
        { navigationType: "navigate", views: { d7: 32, d28: 52 } },
        { navigationType: "reload", views: { d7: 3, d28: 3 } },
      ]);
    },
  );

  it.skipIf(skip)("answers with empty figures before any beacon", async () => {
    const { cookie } = await d.signIn();
    const app = await d.desk();
    const a = siteSpeedAnswerSchema.parse(
      (await app.inject({ method: "GET", url: "/api/site-speed", headers: { cookie } })).json(),
    );
    expect(a.routes).toEqual([]);
    expect(a.site.every((s) => s.views.d28 === 0 && s.metrics.every((m) => m.d28.p75 === null))).toBe(true);
  });
});
