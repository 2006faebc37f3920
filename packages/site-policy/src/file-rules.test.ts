import { describe, expect, it } from "vitest";
import { cacheControlFor, contentTypeFor, extensionOf, isCompressible } from "./file-rules";

describe("file rules", () => {
  it("cache rules", () => {
    expect(cacheControlFor("assets/root-abc.js")).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("about/index.html")).toBe("no-cache");
    expect(cacheControlFor("products/pos.data")).toBe("no-cache");
    expect(cacheControlFor("logo.png")).toBe("public, max-age=3600");
  });

  it("content types and compression by extension, case-insensitive", () => {
    expect(contentTypeFor("assets/x.JS")).toBe("text/javascript; charset=utf-8");
    expect(contentTypeFor("x.data")).toBe("text/x-script");
    expect(contentTypeFor("LICENSE")).toBe("application/octet-stream");
    expect(isCompressible("a/b.svg")).toBe(true);
    expect(isCompressible("a/b.png")).toBe(false);
    expect(extensionOf(".env")).toBe("");
    expect(extensionOf("a.b/c")).toBe("");
  });
});
