import { describe, expect, it } from "vitest";
import { LIMITS } from "@site/contracts";
import { company } from "./company";
import { privacyLastUpdated, privacySections, retention } from "./privacy";

const text = JSON.stringify(privacySections);

describe("privacy notice content", () => {
  it("names the controller with facts from company.ts", () => {
    for (const fact of [
      company.legalName,
      company.registration.number,
      company.registration.jurisdiction,
      company.address.postalCode,
      company.email.info,
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("lists what each form collects", () => {
    const activity = (title: string) =>
      privacySections.flatMap((s) => s.blocks).find((b) => b.kind === "activity" && b.title === title);
    expect(activity("Contact form")).toMatchObject({
      data: ["Name", "E-mail address", "Phone number", "Your message"],
    });
    const quote = activity("Quotation form");
    expect(quote && quote.kind === "activity" && quote.data.join(" ")).toMatch(
      /Name.*E-mail.*Phone.*Company.*service.*details/s,
    );
    const booking = activity("Free consultation booking");
    expect(booking && booking.kind === "activity" && booking.data.join(" ")).toMatch(
      /Name.*E-mail.*Phone.*Company.*service.*note.*time zone/s,
    );
    expect(booking && booking.kind === "activity" && booking.retention).toBe(
      `${retention.enquiryMonths} months after the meeting, or after our last contact with you if that is later.`,
    );
    // Every field the lead contracts accept is disclosed.
    for (const field of Object.keys(LIMITS)) {
      expect(text.toLowerCase()).toContain(field === "email" ? "e-mail" : field);
    }
  });

  it("states retention periods, the ICO and every core right", () => {
    expect(text).toContain(`${retention.enquiryMonths} months`);
    expect(text).toContain(`${retention.spamDays} days`);
    expect(text).toContain(`${retention.vitalsDays} days`);
    expect(text).toContain("https://ico.org.uk/");
    for (const right of ["access", "rectification", "erasure", "objection"]) expect(text).toContain(right);
  });

  it("has unique section ids and a valid last-updated date", () => {
    const ids = privacySections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Number.isNaN(Date.parse(privacyLastUpdated))).toBe(false);
  });

  it("says what the speed measurement collects, why, for how long, and that only Accept starts it", () => {
    const speed = privacySections
      .flatMap((s) => s.blocks)
      .find((b) => b.kind === "activity" && b.title.startsWith("Site speed"));
    expect(speed?.kind).toBe("activity");
    if (speed?.kind !== "activity") return;
    expect(speed.title).toContain("Accept");
    const all = JSON.stringify(speed);
    for (const fact of [
      "route",
      "Core Web Vitals",
      "phone-sized",
      "reload",
      "no identifier, cookie or IP address",
    ]) {
      expect(all).toContain(fact);
    }
    expect(speed.purpose).toMatch(/if you decline, nothing is measured or sent/);
    expect(speed.retention).toBe(
      `${retention.vitalsDays} days, as daily totals; no record of an individual visit is kept.`,
    );
  });
});
