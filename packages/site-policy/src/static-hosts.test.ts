import { describe, expect, it } from "vitest";
import type { SiteManifest } from "./site-manifest";
import { headersFile, nginxConf, redirectsFile } from "./static-hosts";

const manifest: SiteManifest = {
  version: 3,
  connectOrigins: ["http://localhost:8081"],
  dynamicRoutePrefixes: ["/products/", "/services/"],
  liveChat: false,
  pages: {
    "index.html": { scriptHashes: ["'sha256-a'"], styleHashes: [] },
    "about/index.html": { scriptHashes: ["'sha256-b'"], styleHashes: [] },
    "404/index.html": { scriptHashes: [], styleHashes: [] },
    "__spa-fallback.html": { scriptHashes: [], styleHashes: [] },
  },
};
const files = [
  "assets/a-1.js",
  "about/index.html",
  "index.html",
  "logo.png",
  "robots.txt",
  "pos.data",
  "_headers",
];

/** The headers each rule of a `_headers` file sets, per path pattern. */
function rules(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current = "";
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    if (!line.startsWith(" ")) out.set((current = line), []);
    else out.get(current)!.push(line.trim().split(":")[0]!);
  }
  return out;
}

describe("_headers", () => {
  it("sets Cache-Control once for every path (hosts join the values of matching rules)", () => {
    const r = rules(headersFile(manifest, files));
    expect(r.get("/*")).not.toContain("Cache-Control");
    expect(r.get("/*")).toContain("Strict-Transport-Security");
    expect(r.get("/assets/*")).toEqual(["Cache-Control"]);
    expect(r.get("/logo.png")).toEqual(["Cache-Control"]);
    expect(r.get("/about")).toEqual(["Content-Security-Policy", "Cache-Control"]);
    expect(r.get("/about/")).toEqual(["Content-Security-Policy", "Cache-Control"]);
    expect(r.has("/_headers")).toBe(false);
    expect(headersFile(manifest, files)).toContain("/logo.png\n  Cache-Control: public, max-age=3600\n");
  });
});

describe("_redirects and nginx", () => {
  it("rewrite unknown ids of the dynamic routes to the SPA fallback with 404", () => {
    expect(redirectsFile(manifest)).toContain("/products/*  /__spa-fallback.html  404\n");
    expect(redirectsFile(manifest).endsWith("/*  /404/index.html  404\n")).toBe(true);
    const conf = nginxConf(manifest);
    expect(conf).toContain("location ~ ^/(products|services)/[^/]+/?$ {");
    expect(conf).toContain("location = /about {");
    expect(conf).toContain("'sha256-b'");
    expect(conf).not.toContain("location = /404/index.html {\n    add_header");
  });
});
