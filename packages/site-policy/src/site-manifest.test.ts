import { describe, expect, it } from "vitest";
import { dynamicRoutePrefixes, matchesDynamicRoute, pagePathOf } from "./site-manifest";

describe("pages and dynamic routes", () => {
  it("maps page files to their paths", () => {
    expect(pagePathOf("index.html")).toBe("/");
    expect(pagePathOf("about/index.html")).toBe("/about");
    expect(pagePathOf("__spa-fallback.html")).toBeNull();
  });

  it("derives the prefixes from React Router's route paths", () => {
    const paths = [
      "/",
      "about",
      "services",
      "services/:serviceType",
      "products/:productId",
      "careers/:jobSlug",
      "*",
    ];
    expect(dynamicRoutePrefixes(paths)).toEqual(["/careers/", "/products/", "/services/"]);
    expect(dynamicRoutePrefixes(["a/:x/b", ":lang", "docs/*"])).toEqual([]);
  });

  it("matches one segment under a prefix", () => {
    const prefixes = ["/services/", "/careers/"];
    expect(matchesDynamicRoute("/services/x", prefixes)).toBe(true);
    expect(matchesDynamicRoute("/careers/x/", prefixes)).toBe(true);
    expect(matchesDynamicRoute("/services/", prefixes)).toBe(false);
    expect(matchesDynamicRoute("/services/x/y", prefixes)).toBe(false);
    expect(matchesDynamicRoute("/packages/x", prefixes)).toBe(false);
  });
});
