// The site role's caching headers, conditional requests and precompressed copies.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { APP_JS, FILES, useSiteFixture } from "../../test/site-fixture";

const { get } = useSiteFixture();

describe("caching", () => {
  it("HTML: no-cache with validators", async () => {
    const res = await get("/about");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers["last-modified"]).toMatch(/GMT$/);
  });

  it("hashed assets: a year, immutable", async () => {
    const res = await get("/assets/app-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  it("other static files: one hour with validators; .data: no-cache as text/x-script", async () => {
    const robots = await get("/robots.txt");
    expect(robots.headers["cache-control"]).toBe("public, max-age=3600");
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.headers.etag).toBeDefined();
    const data = await get("/services/cctv-&-surveillance-solutions.data");
    expect(data.headers["content-type"]).toBe("text/x-script");
    expect(data.headers["cache-control"]).toBe("no-cache");
    expect(data.body).toBe(FILES["services/cctv-&-surveillance-solutions.data"]);
  });

  it("answers 304 to a matching If-None-Match (per encoding) and 200 otherwise", async () => {
    const first = await get("/about", { "accept-encoding": "br" });
    const etag = first.headers.etag as string;
    const again = await get("/about", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe("no-cache");
    const weakInList = await get("/about", { "accept-encoding": "br", "if-none-match": `"x", W/${etag}` });
    expect(weakInList.statusCode).toBe(304);
    // The identity representation has a different ETag, so a br ETag does not validate it.
    expect((await get("/about", { "if-none-match": etag })).statusCode).toBe(200);
    expect((await get("/about", { "accept-encoding": "br", "if-none-match": '"stale"' })).statusCode).toBe(
      200,
    );
  });

  it("answers 304 to If-Modified-Since when there is no If-None-Match", async () => {
    const first = await get("/robots.txt");
    const lastModified = first.headers["last-modified"] as string;
    expect((await get("/robots.txt", { "if-modified-since": lastModified })).statusCode).toBe(304);
    expect(
      (await get("/robots.txt", { "if-modified-since": "Thu, 01 Jan 1970 00:00:00 GMT" })).statusCode,
    ).toBe(200);
  });

  it("never answers 304 in place of a 404", async () => {
    const first = await get("/no-such-page");
    const res = await get("/no-such-page", { "if-none-match": first.headers.etag as string });
    expect(res.statusCode).toBe(404);
  });
});

describe("compression", () => {
  it("serves the precompressed brotli file when accepted", async () => {
    const res = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it("serves gzip when brotli is not accepted, and honours q-values", async () => {
    const gz = await get("/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);
    const preferGzip = await get("/assets/app-abc123.js", { "accept-encoding": "br;q=0.5, gzip;q=1" });
    expect(preferGzip.headers["content-encoding"]).toBe("gzip");
    const noBr = await get("/assets/app-abc123.js", { "accept-encoding": "br;q=0, gzip" });
    expect(noBr.headers["content-encoding"]).toBe("gzip");
  });

  it("reads Accept-Encoding case-insensitively, with * as any coding", async () => {
    for (const [header, expected] of [
      ["BR", "br"],
      ["*", "br"],
      ["gzip;q=0.2, *;q=0.8", "br"],
      ["*;q=0, identity", undefined],
    ] as const) {
      const res = await get("/assets/app-abc123.js", { "accept-encoding": header });
      expect(res.headers["content-encoding"], header).toBe(expected);
    }
  });

  it("falls back to identity, still with Vary", async () => {
    const cases: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "deflate" },
    ];
    for (const headers of cases) {
      const res = await get("/assets/app-abc123.js", headers);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.body).toBe(APP_JS);
    }
  });

  it("compresses HTML pages too, and leaves tiny files alone", async () => {
    const page = await get("/about", { "accept-encoding": "br" });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(FILES["about/index.html"]);
    const tiny = await get("/assets/app-abc123.css", { "accept-encoding": "br, gzip" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
  });
});
