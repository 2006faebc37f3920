import type { PrivacyBlock } from "@site/content";
import { company } from "@site/content/data/company";
import { privacy } from "@site/content/data/privacy";
import { DEFAULT_RETENTION, LIMITS } from "@site/contracts";
import { CONFIRM_WITHIN_MINUTES } from "@site/contracts/consultation";
import { describe, expect, it } from "vitest";
import { noticeFor, privacyNotice, retention } from "./privacy-notice";

const text = JSON.stringify(privacyNotice);
const blocks = (notice = privacyNotice) => notice.sections.flatMap((s) => s.blocks);
const activity = (title: string, notice = privacyNotice) =>
  blocks(notice).find(
    (b): b is Extract<PrivacyBlock, { kind: "activity" }> => b.kind === "activity" && b.title === title,
  );

describe("privacy notice content", () => {
  it("names the controller with facts from company.yaml", () => {
    for (const fact of [
      company.legalName,
      company.registration.number,
      company.registration.jurisdiction,
      company.address.postalCode,
      company.email.info,
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).toContain(`"href":"mailto:${company.email.info}?subject=Privacy%20request"`);
  });

  it("lists what each form collects", () => {
    expect(activity("Contact form")).toMatchObject({
      data: ["Name", "E-mail address", "Phone number", "Your message"],
    });
    expect(activity("Quotation form")?.data.join(" ")).toMatch(
      /Name.*E-mail.*Phone.*Company.*service.*details/s,
    );
    const booking = activity("Free consultation booking");
    expect(booking?.data.join(" ")).toMatch(/Name.*E-mail.*Phone.*Company.*service.*note.*time zone/s);
    expect(booking?.retention).toBe(
      `${retention.enquiryMonths} months after the meeting, or after our last contact with you if that is later. ` +
        `A booking not confirmed from our e-mail within ${CONFIRM_WITHIN_MINUTES} minutes is deleted within a day.`,
    );
    // The network address's code (consultation_upcoming), kept until the meeting begins.
    expect(booking?.data.join(" ")).toMatch(/network address, kept until the meeting begins/);
    // Every field the lead contracts accept is disclosed.
    for (const field of Object.keys(LIMITS)) {
      expect(text.toLowerCase()).toContain(field === "email" ? "e-mail" : field);
    }
  });

  it("states retention periods, the ICO and every core right", () => {
    expect(text).toContain(`${retention.enquiryMonths} months`);
    expect(text).toContain(`${retention.spamDays} days`);
    expect(text).toContain(`${retention.vitalsDays} days`);
    expect(text).not.toContain("{retention.");
    expect(text).toContain("https://ico.org.uk/");
    for (const right of ["access", "rectification", "erasure", "objection"]) expect(text).toContain(right);
  });

  it("has unique section ids and a valid last-updated date", () => {
    const ids = privacyNotice.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Number.isNaN(Date.parse(privacyNotice.lastUpdated))).toBe(false);
  });

  it("says what the speed measurement collects, why, for how long, and that only Accept starts it", () => {
    const speed = blocks().find((b) => b.kind === "activity" && b.title.startsWith("Site speed"));
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

  it("speaks of the live chat only in a build with it, and states the periods a build is made with", () => {
    expect(activity("Live chat")).toBeUndefined();
    expect(text).not.toContain("liveChat");
    const withChat = noticeFor(privacy, { ...DEFAULT_RETENTION, enquiryMonths: 12, spamDays: 7 }, true);
    expect(activity("Live chat", withChat)?.retention).toMatch(/^12 months after our last contact with you/);
    const chatText = JSON.stringify(withChat);
    expect(chatText).toContain("one more item (liveChat) in local storage");
    expect(chatText).toContain("Contact and quotation enquiries: 12 months");
    expect(chatText).toContain("deleted within 7 days");
    expect(withChat.sections.map((s) => s.id)).toEqual(privacyNotice.sections.map((s) => s.id));
  });
});
