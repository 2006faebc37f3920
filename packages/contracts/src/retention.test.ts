import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION, retentionCutoffs, retentionFromEnv, vitalsCutoffDay } from "./retention";

describe("retentionFromEnv", () => {
  it("keeps the notice's defaults when nothing is set (or a variable is blank)", () => {
    expect(retentionFromEnv({})).toEqual(DEFAULT_RETENTION);
    expect(retentionFromEnv({ RETENTION_ENQUIRY_MONTHS: " ", RETENTION_SPAM_DAYS: "" })).toEqual({
      enquiryMonths: 24,
      spamDays: 30,
      serverLogDays: 30,
      applicationMonths: 6,
      vitalsDays: 90,
    });
  });

  it("takes the overrides", () => {
    expect(retentionFromEnv({ RETENTION_ENQUIRY_MONTHS: "12", RETENTION_SPAM_DAYS: " 7 " })).toMatchObject({
      enquiryMonths: 12,
      spamDays: 7,
    });
  });

  it.each(["0", "-1", "1.5", "12 months", "1201", "abc"])("refuses %j, naming the variable", (bad) => {
    expect(() => retentionFromEnv({ RETENTION_SPAM_DAYS: bad })).toThrow(/RETENTION_SPAM_DAYS/);
    expect(() => retentionFromEnv({ RETENTION_ENQUIRY_MONTHS: bad })).toThrow(/RETENTION_ENQUIRY_MONTHS/);
  });
});

describe("retentionCutoffs", () => {
  const periods = { ...DEFAULT_RETENTION, enquiryMonths: 1, spamDays: 30 };

  it("counts calendar months in UTC and days as 24 h", () => {
    const now = new Date("2026-11-24T10:00:00.000Z");
    expect(retentionCutoffs(periods, now)).toEqual({
      enquiry: new Date("2026-10-24T10:00:00.000Z"),
      spam: new Date("2026-10-25T10:00:00.000Z"),
    });
    expect(retentionCutoffs(DEFAULT_RETENTION, now).enquiry).toEqual(new Date("2024-11-24T10:00:00.000Z"));
  });

  it("clamps to the end of a shorter month instead of overflowing", () => {
    expect(retentionCutoffs(periods, new Date("2026-03-31T08:00:00.000Z")).enquiry).toEqual(
      new Date("2026-02-28T08:00:00.000Z"),
    );
    expect(retentionCutoffs(periods, new Date("2028-03-31T08:00:00.000Z")).enquiry).toEqual(
      new Date("2028-02-29T08:00:00.000Z"),
    );
  });
});

describe("vitalsCutoffDay", () => {
  it("keeps the figures of the last 90 days: the day 90 days back is the first one kept", () => {
    expect(vitalsCutoffDay(DEFAULT_RETENTION, new Date("2026-11-24T10:00:00.000Z"))).toBe("2026-08-26");
    expect(vitalsCutoffDay(DEFAULT_RETENTION, new Date("2026-11-24T00:00:00.000Z"))).toBe("2026-08-26");
    expect(vitalsCutoffDay(DEFAULT_RETENTION, new Date("2026-11-23T23:59:59.999Z"))).toBe("2026-08-25");
  });
});
