import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers";
import { DEFAULT_SERVICE_URLS, resolveServiceUrls, serviceOrigins } from "./service-urls";

describe("resolveServiceUrls", () => {
  it("defaults to the services of npm start, and treats empty as unset", () => {
    expect(resolveServiceUrls({}, undefined)).toEqual(DEFAULT_SERVICE_URLS);
    expect(resolveServiceUrls({ VITE_CONTACT_API_URL: " " }, "http://localhost:3000")).toEqual(
      DEFAULT_SERVICE_URLS,
    );
  });

  it("takes the variables, without a trailing slash", () => {
    const env = {
      VITE_CONTACT_API_URL: "https://api.example.com/",
      VITE_QUOTATION_API_URL: "https://q.example.com",
    };
    expect(resolveServiceUrls(env, "https://www.example.com")).toEqual({
      contact: "https://api.example.com",
      quotation: "https://q.example.com",
    });
  });

  it("fails a public build whose forms would post to the visitor's own machine, naming both variables", () => {
    const build = () =>
      resolveServiceUrls({ VITE_CONTACT_API_URL: "https://api.example.com" }, "https://www.acme.co.uk");
    expect(build).toThrow(/VITE_CONTACT_API_URL and VITE_QUOTATION_API_URL/);
    expect(build).toThrow(/http:\/\/localhost:8091/);
    expect(() => resolveServiceUrls({}, "https://localhost:3000")).not.toThrow();
    expect(() => resolveServiceUrls({}, "http://staging.internal")).not.toThrow();
  });

  it("refuses a value that is not an http(s) URL, naming its variable", () => {
    expect(() => resolveServiceUrls({ VITE_QUOTATION_API_URL: "api.example.com" }, undefined)).toThrow(
      /VITE_QUOTATION_API_URL/,
    );
  });
});

describe("serviceOrigins", () => {
  it("lists each origin once", () => {
    expect(
      serviceOrigins({ contact: "https://api.example.com/contact", quotation: "https://api.example.com/q" }),
    ).toEqual(["https://api.example.com"]);
    expect(serviceOrigins(DEFAULT_SERVICE_URLS)).toEqual(["http://localhost:8081", "http://localhost:8091"]);
  });
});

describe("connect-src", () => {
  it("allows the speed beacon, which posts to /vitals on the contact service, wherever that service is", () => {
    for (const contact of [undefined, "https://api.example.com", "https://api.example.com/leads/"]) {
      const urls = resolveServiceUrls(
        { VITE_CONTACT_API_URL: contact, VITE_QUOTATION_API_URL: "https://q.example.com" },
        undefined,
      );
      const connect = contentSecurityPolicy({ connectOrigins: serviceOrigins(urls) })
        .split("; ")
        .find((d) => d.startsWith("connect-src "))!
        .split(" ");
      // sendBeacon and fetch are both governed by connect-src; the beacon's URL is the contact URL + /vitals.
      expect(connect).toContain(new URL(`${urls.contact}/vitals`).origin);
      expect(connect).toContain(new URL(`${urls.contact}/contact`).origin);
    }
  });
});
