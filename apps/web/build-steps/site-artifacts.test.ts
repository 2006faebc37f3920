import { SITE_MANIFEST_FILE, siteManifestSchema } from "@site/site-policy";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSiteArtifacts } from "./site-artifacts";
import { fixtureBuildDir, fixtureClientDir } from "./test-fixture/fixture-build";
import { FIXTURE_SERVICE_URLS } from "./test-fixture/fixture-facts";

// writeSiteArtifacts without the page rewrite's hashes (as the site server's tests call it on a build
// of their own): it parses and hashes every page itself, with the same result.

let root = "";
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "site-artifacts-"));
  await cp(fixtureClientDir(), path.join(root, "client"), {
    recursive: true,
    filter: (src) => !/\.(br|gz)$/.test(src) && !/_(headers|redirects)$/.test(src),
  });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const manifestIn = async (dir: string) =>
  siteManifestSchema.parse(JSON.parse(await readFile(path.join(dir, SITE_MANIFEST_FILE), "utf8")));

describe("writeSiteArtifacts", () => {
  it("hashes every page itself when not given the hashes, as the build does", async () => {
    const logged: string[] = [];
    const manifest = await writeSiteArtifacts(path.join(root, "client"), {
      serviceUrls: FIXTURE_SERVICE_URLS,
      routePaths: ["", "items/:id", "*"],
      log: (m) => logged.push(m),
    });
    expect(manifest).toEqual(await manifestIn(fixtureBuildDir()));
    expect(await manifestIn(root)).toEqual(manifest);
    for (const file of ["client/_headers", "client/_redirects", "nginx-site.conf", "client/index.html.br"]) {
      expect(await readFile(path.join(root, file)).then((b) => b.length > 0), file).toBe(true);
    }
    expect(logged).toEqual([
      expect.stringMatching(/^site-manifest\.json: 3 HTML files .+ dynamic routes \/items\/;/),
    ]);
    // Brotli at its highest level for every file: about 1 s alone, past 5 s on two busy cores.
  }, 30_000);
});
