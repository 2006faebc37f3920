import { SITE_ROUTE_PATTERNS, VITAL_THRESHOLDS } from "@site/contracts/vitals";
import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from "web-vitals";
import { describe, expect, it } from "vitest";
import routes from "./routes";

// The facts the contact service stores by (packages/contracts' vitals.ts) against their owners here:
// the site's route table and the web-vitals library.
describe("the speed contract agrees with the site", () => {
  it("lists exactly the route table's patterns", () => {
    const patterns = routes.map((r) => (r.index ? "/" : `/${r.path}`));
    expect([...SITE_ROUTE_PATTERNS].sort()).toEqual(patterns.sort());
  });

  it("rates by the thresholds web-vitals rates by", () => {
    expect(VITAL_THRESHOLDS).toEqual({
      LCP: LCPThresholds,
      INP: INPThresholds,
      CLS: CLSThresholds,
      FCP: FCPThresholds,
      TTFB: TTFBThresholds,
    });
  });
});
