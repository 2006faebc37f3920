import { describe, expect, it } from "vitest";
import { encodePath, parseTarget } from "./request-path";

describe("parseTarget", () => {
  it("decodes the path once and keeps the query apart", () => {
    expect(parseTarget("/services/cctv-%26-surveillance-solutions?x=1#top")).toEqual({
      ok: true,
      path: "/services/cctv-&-surveillance-solutions",
      search: "?x=1",
    });
    expect(parseTarget("/%2525")).toEqual({ ok: true, path: "/%25", search: "" });
    expect(parseTarget("/a#frag?b")).toEqual({ ok: true, path: "/a", search: "" });
  });

  it.each(["/%", "/%E0%A4%A", "/%zz", "*", "http://evil.example/x"])("rejects malformed %s", (url) => {
    expect(parseTarget(url)).toEqual({ ok: false, reason: "malformed" });
  });

  it.each(["/..", "/a/../b", "/%2e%2e/x", "/.%2E/x", "/./a", "/a%00", "/a%5cb", "/a\\b"])(
    "rejects traversal %s",
    (url) => {
      expect(parseTarget(url)).toEqual({ ok: false, reason: "traversal" });
    },
  );
});

describe("encodePath", () => {
  it("keeps sub-delimiters readable and escapes the rest", () => {
    expect(encodePath("/services/cctv-&-surveillance-solutions")).toBe(
      "/services/cctv-&-surveillance-solutions",
    );
    expect(encodePath("/a b/ü?#")).toBe("/a%20b/%C3%BC%3F%23");
  });
});
