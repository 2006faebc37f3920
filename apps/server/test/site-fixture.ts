import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  SITE_MANIFEST_FILE,
  type SiteManifest,
  hashSource,
  headersFile,
  precompress,
  nginxConf,
  redirectsFile,
  resolveServiceUrls,
  serviceOrigins,
} from "@site/site-policy";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/platform/config/config";

/** The inline scripts of the fixture pages, exactly as they appear between <script> and </script>. */
export const HOME_SCRIPT = 'window.__fixture = {"page":"home"};\nconsole.log("home");';
export const ABOUT_SCRIPT = "window.__fixture = 'about';";
export const MODULE_SCRIPT = 'import "/assets/app-abc123.js";';

/** sha256 CSP source of a script text, computed here independently of the code under test. */
export const cspHash = (script: string) =>
  `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;

/** Enough copy that the pages are worth compressing, as real pages are. */
const FILLER = "Enterprise IT consulting, software, hardware and internet services. ".repeat(12);

const page = (title: string, body: string, script: string) =>
  `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"/><title>${title}</title>` +
  `<link rel="stylesheet" href="/assets/app-abc123.css"/></head><body><main>${body}<p>${FILLER}</p></main>` +
  `<script>${script}</script><script type="module">${MODULE_SCRIPT}</script>` +
  `<script type="application/ld+json">{"@type":"Organization"}</script></body></html>\n`;

/** Each HTML file of the fixture: title, body and its own inline script. */
const PAGES: Record<string, [title: string, body: string, script: string]> = {
  "index.html": ["Home", "<h1>Welcome home</h1>", HOME_SCRIPT],
  "about/index.html": ["About", "<h1>About Us</h1>", ABOUT_SCRIPT],
  "services/cctv-&-surveillance-solutions/index.html": [
    "CCTV",
    "<h1>CCTV &amp; Surveillance Solutions</h1>",
    "window.__fixture = 'cctv';",
  ],
  "404/index.html": ["Page not found", "<h1>Page not found</h1>", "window.__fixture = '404';"],
  "__spa-fallback.html": ["Loading", '<div aria-busy="true"></div>', "window.__fixture = 'spa';"],
};

/** A JS bundle big enough to be worth compressing. */
export const APP_JS = Array.from(
  { length: 80 },
  (_, i) => `export const value${i} = "the quick brown fox ${i}";`,
).join("\n");

export const FILES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(PAGES).map(([file, args]) => [file, page(...args)])),
  "services/cctv-&-surveillance-solutions.data": '[{"_1":2},"routes/service-detail",{}]',
  "assets/app-abc123.js": APP_JS,
  "assets/app-abc123.css": "main{display:block}",
  "robots.txt": "User-agent: *\nAllow: /\n",
  ".secret": "not to be served",
};

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over a real socket, so the request target reaches the server exactly as written. */
export const rawGet = (port: number, target: string, headers: Record<string, string> = {}) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });

export interface Fixture {
  root: string;
  clientDir: string;
  app: FastifyInstance;
  close: () => Promise<void>;
}

/**
 * What the web build writes beside the prerendered files, from the same site-policy functions: the
 * site manifest, _headers, _redirects, nginx-site.conf, and .br/.gz copies of compressible files of
 * 512 bytes or more where they are smaller.
 */
async function writeSiteArtifacts(root: string, clientDir: string, env: Record<string, string>) {
  const manifest: SiteManifest = {
    version: 3,
    connectOrigins: serviceOrigins(resolveServiceUrls(env, undefined)),
    dynamicRoutePrefixes: ["/careers/", "/products/", "/services/"],
    liveChat: false,
    pages: Object.fromEntries(
      Object.entries(PAGES).map(([file, [, , script]]) => [
        file,
        { scriptHashes: [hashSource(script), hashSource(MODULE_SCRIPT)], styleHashes: [] },
      ]),
    ),
  };
  await writeFile(path.join(root, SITE_MANIFEST_FILE), JSON.stringify(manifest));
  await writeFile(path.join(clientDir, "_headers"), headersFile(manifest, Object.keys(FILES)));
  await writeFile(path.join(clientDir, "_redirects"), redirectsFile(manifest));
  await writeFile(path.join(root, "nginx-site.conf"), nginxConf(manifest));
  await precompress(clientDir, Object.keys(FILES));
}

/** Writes the fixture build and what the web build writes beside it, and builds the site app on it. */
export async function startFixture(env: Record<string, string> = {}): Promise<Fixture> {
  const root = await mkdtemp(path.join(os.tmpdir(), "site-fixture-"));
  const clientDir = path.join(root, "client");
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
    await writeFile(path.join(clientDir, file), content);
  }
  await writeSiteArtifacts(root, clientDir, {
    VITE_CONTACT_API_URL: "http://localhost:8102/contact",
    VITE_QUOTATION_API_URL: "http://localhost:9102",
    ...env,
  });
  const app = await buildApp("site", {
    config: loadConfig({ WEB_BUILD_DIR: clientDir, LOG_LEVEL: "silent" }),
  });
  return {
    root,
    clientDir,
    app,
    close: async () => {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** One fixture for a test file (started before its tests, closed after), and GET through inject. */
export function useSiteFixture() {
  let fx: Fixture | undefined;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(async () => {
    await fx?.close();
  });
  const fixture = () => {
    if (!fx) throw new Error("the site fixture starts in beforeAll");
    return fx;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    fixture().app.inject({ method: "GET", url, headers });
  return { fixture, get };
}
