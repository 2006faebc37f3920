import { DEFAULT_RETENTION } from "@site/contracts";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../platform/config/config";

// The privacy notice and the purge read the same periods (packages/contracts' retentionFromEnv, from
// RETENTION_ENQUIRY_MONTHS / RETENTION_SPAM_DAYS). This test reads the notice the real site build
// serves (`npm test` builds it first, in the same environment) and the periods the server enforces.
describe("retention: one source for the notice and the purge", () => {
  it("the privacy notice the site serves states the periods the server purges by", async () => {
    const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
    expect(
      existsSync(path.join(config.WEB_BUILD_DIR, "privacy", "index.html")),
      "run npm run build first",
    ).toBe(true);
    const site = await buildApp("site", { config });
    try {
      const res = await site.inject({ method: "GET", url: "/privacy" });
      expect(res.statusCode).toBe(200);
      const text = res.body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
      const { enquiryMonths, spamDays } = config.retention;
      expect(text).toContain(
        `Contact and quotation enquiries: ${enquiryMonths} months after our last contact with you, then deleted.`,
      );
      expect(text).toContain(`Spam and automated submissions: deleted within ${spamDays} days.`);
      // The speed figures' period is not overridable: the notice states the one the purge uses.
      expect(text).toContain(
        `Site speed figures (daily totals, no identifiers): ${config.retention.vitalsDays} days.`,
      );
    } finally {
      await site.close();
    }
  });

  it("the server takes RETENTION_ENQUIRY_MONTHS and RETENTION_SPAM_DAYS as the build does", () => {
    expect(loadConfig({}).retention).toEqual(DEFAULT_RETENTION);
    expect(loadConfig({ RETENTION_ENQUIRY_MONTHS: "7", RETENTION_SPAM_DAYS: "9" }).retention).toMatchObject({
      enquiryMonths: 7,
      spamDays: 9,
    });
    expect(() => loadConfig({ RETENTION_SPAM_DAYS: "0" })).toThrow(
      /RETENTION_SPAM_DAYS must be a whole number/,
    );
  });
});
