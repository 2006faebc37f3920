// The site role reads the site manifest at start-up, and refuses to start on a missing, stale or
// unreadable build rather than serve pages whose inline scripts their CSP would block.
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../platform/config/config";
import { type Fixture, startFixture } from "../../test/site-fixture";

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx.close();
});

const manifestPath = () => path.join(fx.root, "site-manifest.json");
const start = () =>
  buildApp("site", { config: loadConfig({ WEB_BUILD_DIR: fx.clientDir, LOG_LEVEL: "silent" }) });

/** Runs fn with a changed manifest, then puts the fixture's own back. */
async function withManifest(change: (text: string) => string, fn: () => Promise<void>) {
  const original = await readFile(manifestPath(), "utf8");
  await writeFile(manifestPath(), change(original));
  try {
    await fn();
  } finally {
    await writeFile(manifestPath(), original);
  }
}

describe("startup", () => {
  it("takes the dynamic route prefixes from the manifest", async () => {
    const onlyProducts = (text: string) =>
      JSON.stringify({ ...JSON.parse(text), dynamicRoutePrefixes: ["/products/"] });
    await withManifest(onlyProducts, async () => {
      const app = await start();
      try {
        const product = await app.inject({ url: "/products/nope" });
        expect(product.statusCode).toBe(404);
        expect(product.body).toContain("window.__fixture = 'spa';");
        const service = await app.inject({ url: "/services/nope" });
        expect(service.statusCode).toBe(404);
        expect(service.body).toContain("<h1>Page not found</h1>");
      } finally {
        await app.close();
      }
    });
  });

  it("refuses to start when an HTML file is missing from the manifest (a stale manifest)", async () => {
    const late = path.join(fx.clientDir, "late.html");
    await writeFile(late, "<!DOCTYPE html><html><body><script>window.__late = true;</script></body></html>");
    try {
      await expect(start()).rejects.toThrow(/late\.html is not in site-manifest\.json.*run npm run build/);
    } finally {
      await rm(late);
    }
  });

  it("refuses a manifest it cannot read, saying to run npm run build", async () => {
    const v2 = (text: string) => JSON.stringify({ ...JSON.parse(text), version: 2 });
    await withManifest(v2, () =>
      expect(start()).rejects.toThrow(
        /site-manifest\.json is not a site manifest .*version.*run npm run build/,
      ),
    );
    const noPrefixes = (text: string) =>
      JSON.stringify({ ...JSON.parse(text), dynamicRoutePrefixes: undefined });
    await withManifest(noPrefixes, () => expect(start()).rejects.toThrow(/dynamicRoutePrefixes/));
    await withManifest(
      (text) => text.slice(0, 20),
      () => expect(start()).rejects.toThrow(/site-manifest\.json is not valid JSON \(run npm run build\)/),
    );
  });

  it("fails fast, naming the problem, without a build or without the site manifest", async () => {
    const config = (dir: string) => loadConfig({ WEB_BUILD_DIR: dir, LOG_LEVEL: "silent" });
    await expect(buildApp("site", { config: config("/nonexistent/build/client") })).rejects.toThrow(
      /Web build not found/,
    );
    await withManifest(
      (text) => text,
      async () => {
        await rm(manifestPath());
        await expect(start()).rejects.toThrow(/site-manifest\.json not found .*run npm run build/);
      },
    );
  });
});
