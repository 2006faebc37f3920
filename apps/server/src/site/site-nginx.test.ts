/**
 * The generated nginx-site.conf, run by a real nginx over the same fixture build as site-*.test.ts, answers
 * like the site role of the Node server: same statuses, redirects, security headers, per-page CSP and
 * caching. This is what keeps a deploy on nginx (docs/deploy.md) as locked down as `npm start`.
 * Needs nginx (`apt-get install nginx`); CI installs it, and with CI=true a missing nginx fails the run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import type { OutgoingHttpHeaders } from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ABOUT_SCRIPT,
  type Fixture,
  type RawAnswer,
  cspHash,
  rawGet,
  startFixture,
} from "../../test/site-fixture";

const NGINX = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/local/sbin/nginx"].find(
  (p): p is string => !!p && existsSync(p),
);
if (process.env.CI === "true" && !NGINX) {
  throw new Error("CI=true but nginx is not installed: the nginx-site.conf tests cannot be skipped in CI");
}

/** The headers a static host must reproduce; the rest (ETag, Date, Server…) may differ. */
const COMPARED = [
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "cache-control",
  "location",
];

type Answer = Omit<RawAnswer, "headers"> & { headers: RawAnswer["headers"] | OutgoingHttpHeaders };

let fx: Fixture;
let nginx: ChildProcess;
let port: number;
let nginxLog = "";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port: p } = s.address() as { port: number };
      s.close(() => resolve(p));
    });
  });

const fromNginx = (target: string, headers: Record<string, string> = {}) => rawGet(port, target, headers);

const fromNode = async (target: string): Promise<Answer> => {
  const res = await fx.app.inject({ method: "GET", url: target });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
};

const compared = (a: Answer) => Object.fromEntries(COMPARED.map((h) => [h, a.headers[h]]));

describe.skipIf(!NGINX)("nginx-site.conf on a real nginx", () => {
  beforeAll(async () => {
    fx = await startFixture();
    port = await freePort();
    const temp = path.join(fx.root, "nginx-temp");
    await mkdir(temp);
    const conf = path.join(fx.root, "nginx.conf");
    await writeFile(
      conf,
      [
        "daemon off;",
        "master_process off;",
        `pid ${path.join(fx.root, "nginx.pid")};`,
        "error_log stderr warn;",
        "events { worker_connections 64; }",
        "http {",
        "  include /etc/nginx/mime.types;",
        "  default_type application/octet-stream;",
        "  access_log off;",
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
          (t) => `  ${t}_temp_path ${path.join(temp, t)};`,
        ),
        "  server {",
        `    listen 127.0.0.1:${port};`,
        `    root ${fx.clientDir};`,
        `    include ${path.join(fx.root, "nginx-site.conf")};`,
        "  }",
        "}",
        "",
      ].join("\n"),
    );
    nginx = spawn(NGINX!, ["-p", fx.root, "-c", conf, "-e", "stderr"], { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stderr!.on("data", (c: Buffer) => (nginxLog += c.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await fromNginx("/robots.txt");
        break;
      } catch (error) {
        if (nginx.exitCode !== null || Date.now() > deadline) {
          throw new Error(`nginx did not start: ${nginxLog || String(error)}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });

  afterAll(async () => {
    nginx?.kill();
    await fx?.close();
  });

  it("loads the generated config without warnings", () => {
    expect(nginxLog).toBe("");
  });

  it("answers every kind of request with the Node server's status, redirect, CSP and headers", async () => {
    for (const target of [
      "/",
      "/about",
      "/about/?ref=mail",
      "/services/cctv-%26-surveillance-solutions",
      "/services/cctv-%26-surveillance-solutions/",
      "/services/cctv-%26-surveillance-solutions.data",
      "/assets/app-abc123.js",
      "/assets/app-abc123.css",
      "/assets/missing-123.js",
      "/robots.txt",
      "/no-such-page",
      "/about/team",
      "/404",
      "/services/unknown",
      "/careers/astronaut/",
    ]) {
      const [viaNginx, viaNode] = [await fromNginx(target), await fromNode(target)];
      expect(viaNginx.status, target).toBe(viaNode.status);
      expect(compared(viaNginx), target).toEqual(compared(viaNode));
      if (viaNode.status === 301) continue; // nginx adds a small HTML body to a redirect; browsers ignore it
      expect(viaNginx.headers["content-type"], target).toBe(viaNode.headers["content-type"]);
      expect(viaNginx.body.toString(), target).toBe(viaNode.body.toString());
    }
  });

  it("gives each page its own script hashes", async () => {
    const about = await fromNginx("/about");
    expect(about.headers["content-security-policy"]).toContain(cspHash(ABOUT_SCRIPT));
    const home = await fromNginx("/");
    expect(home.headers["content-security-policy"]).not.toContain(cspHash(ABOUT_SCRIPT));
  });

  it("serves the precompressed copy to a client that accepts gzip", async () => {
    const res = await fromNginx("/about", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe((await fromNode("/about")).body.toString());
    expect(res.headers["content-security-policy"]).toContain(cspHash(ABOUT_SCRIPT));
  });

  it("never serves dotfiles, static-host config or the directory form of a page", async () => {
    for (const target of ["/.secret", "/_headers", "/_redirects", "/about/index.html"]) {
      const [viaNginx, viaNode] = [await fromNginx(target), await fromNode(target)];
      expect(viaNginx.status, target).toBe(viaNode.status);
      expect(viaNginx.headers.location, target).toBe(viaNode.headers.location);
      expect(viaNginx.body.toString(), target).not.toContain("not to be served");
      expect(viaNginx.body.toString(), target).not.toContain("Content-Security-Policy:");
    }
  });
});
