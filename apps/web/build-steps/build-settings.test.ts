import { fileURLToPath } from "node:url";
import { loadConfigFromFile } from "vite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_RETENTION } from "@site/contracts";
import { buildSettings } from "./build-settings";

const publicSite = { SITE_URL: "https://www.acme.co.uk" };
const bothVariables = /VITE_CONTACT_API_URL and VITE_QUOTATION_API_URL/;

describe("buildSettings", () => {
  it("builds for the placeholder origin and the services on this machine by default", () => {
    expect(buildSettings({})).toEqual({
      siteUrl: "https://www.example.com",
      serviceUrls: { contact: "http://localhost:8081", quotation: "http://localhost:8091" },
      retention: DEFAULT_RETENTION,
      vitalsSampleRate: 1,
      liveChat: false,
    });
  });

  it("reads LIVE_CHAT: on, off or unset; anything else fails the build", () => {
    expect(buildSettings({ LIVE_CHAT: "on" }).liveChat).toBe(true);
    expect(buildSettings({ LIVE_CHAT: "off" }).liveChat).toBe(false);
    expect(buildSettings({ LIVE_CHAT: "" }).liveChat).toBe(false);
    expect(() => buildSettings({ LIVE_CHAT: "yes" })).toThrow(/LIVE_CHAT must be on or off/);
  });

  it("fails a build for a public site whose forms would post to the visitor's own machine", () => {
    expect(() => buildSettings(publicSite)).toThrow(bothVariables);
    expect(() => buildSettings({ ...publicSite, VITE_CONTACT_API_URL: "https://leads.acme.co.uk" })).toThrow(
      /http:\/\/localhost:8091/,
    );
  });

  it("takes the public services of a public site", () => {
    const settings = buildSettings({
      SITE_URL: "https://www.acme.co.uk/",
      VITE_CONTACT_API_URL: "https://leads.acme.co.uk/",
      VITE_QUOTATION_API_URL: "https://quotes.acme.co.uk",
    });
    expect(settings).toMatchObject({
      siteUrl: "https://www.acme.co.uk",
      serviceUrls: { contact: "https://leads.acme.co.uk", quotation: "https://quotes.acme.co.uk" },
    });
  });
});

describe("vite.config.ts", () => {
  afterEach(() => vi.unstubAllEnvs());
  const configFile = fileURLToPath(new URL("../vite.config.ts", import.meta.url));
  const load = () =>
    loadConfigFromFile({ command: "build", mode: "production" }, configFile, undefined, "silent");

  it("fails the build for SITE_URL=https://www.acme.co.uk without the services' addresses", async () => {
    vi.stubEnv("SITE_URL", publicSite.SITE_URL);
    vi.stubEnv("VITE_CONTACT_API_URL", undefined);
    vi.stubEnv("VITE_QUOTATION_API_URL", undefined);
    await expect(load()).rejects.toThrow(bothVariables);
  });

  it("bakes the service URLs of the environment into the pages", async () => {
    vi.stubEnv("SITE_URL", publicSite.SITE_URL);
    vi.stubEnv("VITE_CONTACT_API_URL", "https://leads.acme.co.uk");
    vi.stubEnv("VITE_QUOTATION_API_URL", "https://quotes.acme.co.uk/");
    const loaded = await load();
    expect(loaded?.config.define).toEqual({
      __SITE_URL__: JSON.stringify("https://www.acme.co.uk"),
      __SERVICE_URLS__: JSON.stringify({
        contact: "https://leads.acme.co.uk",
        quotation: "https://quotes.acme.co.uk",
      }),
      __RETENTION__: JSON.stringify(DEFAULT_RETENTION),
      __VITALS_SAMPLE_RATE__: "1",
      __LIVE_CHAT__: "false",
    });
  });

  it("bakes the retention periods the server purges by into the privacy notice", async () => {
    vi.stubEnv("RETENTION_ENQUIRY_MONTHS", "7");
    vi.stubEnv("RETENTION_SPAM_DAYS", "9");
    const loaded = await load();
    expect(JSON.parse(String(loaded?.config.define?.__RETENTION__))).toEqual({
      ...DEFAULT_RETENTION,
      enquiryMonths: 7,
      spamDays: 9,
    });
    vi.stubEnv("RETENTION_SPAM_DAYS", "thirty");
    await expect(load()).rejects.toThrow(/RETENTION_SPAM_DAYS must be a whole number/);
  });

  it("bakes VITALS_SAMPLE_RATE into the speed measurement, and fails on a bad one", async () => {
    vi.stubEnv("VITALS_SAMPLE_RATE", "0.1");
    expect((await load())?.config.define?.__VITALS_SAMPLE_RATE__).toBe("0.1");
    vi.stubEnv("VITALS_SAMPLE_RATE", "10%");
    await expect(load()).rejects.toThrow(/VITALS_SAMPLE_RATE must be a number from 0 to 1/);
  });
});
