import { describe, expect, it } from "vitest";
import { defaultSiteUrl, resolveSiteUrl } from "./site-url";

describe("resolveSiteUrl", () => {
  it("falls back to the placeholder when SITE_URL is unset or blank", () => {
    expect(resolveSiteUrl(undefined)).toBe(defaultSiteUrl);
    expect(resolveSiteUrl("  ")).toBe(defaultSiteUrl);
  });
  it("drops trailing slashes and keeps a sub-path", () => {
    expect(resolveSiteUrl("https://acme.co.uk/")).toBe("https://acme.co.uk");
    expect(resolveSiteUrl("https://acme.co.uk/site/")).toBe("https://acme.co.uk/site");
  });
  it("rejects anything that is not an http(s) URL", () => {
    expect(() => resolveSiteUrl("ftp://acme.co.uk")).toThrow(/SITE_URL/);
    expect(() => resolveSiteUrl("acme")).toThrow();
  });
});
