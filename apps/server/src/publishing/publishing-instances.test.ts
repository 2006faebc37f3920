// At scale (issue 25, item 5): site instances on shared storage serve SITE_RELEASES_DIR/live/client
// (WEB_BUILD_DIR), nginx serves the same link, and the desk publishes. After a publish, every one of
// them serves the new version, and not before the switch: until then a new opening is a 404 and the
// old pages are served whole. Two built site processes (dist/main.js, ROLE=site) and, where nginx is
// installed, nginx (reloaded by SITE_SWITCH_COMMAND for the new build's CSP hashes).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { contentCheckout, fixtureBuilder } from "../../test/publishing-helpers";
import { DESK_URL, useDesk } from "../../test/desk-helpers";
import { childEnv, freePort, serverDir } from "../../test/helpers";
import { rawGet } from "../../test/site-fixture";

const NGINX = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/local/sbin/nginx"].find(
  (p): p is string => !!p && existsSync(p),
);

/** `dist/main.js` as the site role on `port`, serving `webBuildDir`; ready once it answers /. */
async function siteProcess(port: number, webBuildDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(serverDir, "dist", "main.js")], {
    env: childEnv({
      ROLE: "site",
      HOST: "127.0.0.1",
      PORT: String(port),
      WEB_BUILD_DIR: webBuildDir,
      SITE_BUILD_POLL_MS: "50",
    }),
    stdio: ["ignore", "ignore", "pipe"],
  });
  await vi.waitFor(async () => expect((await rawGet(port, "/")).status).toBe(200), {
    timeout: 20_000,
    interval: 50,
  });
  return child;
}

/** nginx on `port` whose root and per-page CSP are the live build's (releases/live). */
async function nginxProcess(port: number, dir: string, releasesDir: string): Promise<ChildProcess> {
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    [
      "daemon off;",
      // Workers read the temp folders the test made (mode 700): as the test's user.
      ...(process.getuid?.() === 0 ? ["user root root;"] : []),
      `pid ${path.join(dir, "nginx.pid")};`,
      "error_log stderr warn;",
      "events { worker_connections 64; }",
      "http {",
      "  include /etc/nginx/mime.types;",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (t) => `  ${t}_temp_path ${path.join(dir, t)};`,
      ),
      "  server {",
      `    listen 127.0.0.1:${port};`,
      `    root ${path.join(releasesDir, "live", "client")};`,
      `    include ${path.join(releasesDir, "live", "nginx-site.conf")};`,
      "  }",
      "}",
      "",
    ].join("\n"),
  );
  const child = spawn(NGINX!, ["-p", dir, "-c", conf, "-e", "stderr"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  await vi.waitFor(async () => expect((await rawGet(port, "/")).status).toBe(200), {
    timeout: 10_000,
    interval: 50,
  });
  return child;
}

describe("two site instances and nginx on one WEB_BUILD_DIR, and a publish", { timeout: 90_000 }, () => {
  const d = useDesk("sqlite");
  const checkout = contentCheckout();
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill("SIGKILL");
    checkout.cleanup();
  });

  it("serves the new version everywhere once the publish is live, and the old one whole until then", async () => {
    let open: (() => void) | undefined;
    let gated = false;
    const builder = fixtureBuilder({
      gate: () => (gated ? new Promise<void>((r) => (open = r)) : Promise.resolve()),
    });
    const nginxDir = path.join(path.dirname(checkout.root), "nginx");
    const env = {
      ...checkout.env,
      ...(NGINX ? { SITE_SWITCH_COMMAND: `kill -HUP $(cat ${path.join(nginxDir, "nginx.pid")})` } : {}),
    };
    const app = await d.desk(env, { siteBuilder: builder });
    const { cookie } = await d.signIn();
    const publish = async () => {
      const res = await app.inject({
        method: "POST",
        url: "/api/content/publish",
        headers: { cookie, origin: DESK_URL },
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json().publish.id as string;
    };
    const state = async () => (await app.inject({ url: "/api/content", headers: { cookie } })).json();
    const jobs = path.join(checkout.contentDir, "jobs.yaml");
    const edit = (change: (t: string) => string) => writeFileSync(jobs, change(readFileSync(jobs, "utf8")));

    // The first publish makes the live link the instances start on.
    edit((t) => t.replace("title: UI/UX Designer Intern", "title: Version One Designer"));
    const first = await publish();
    await vi.waitFor(async () => expect((await state()).live?.id).toBe(first), {
      timeout: 15_000,
      interval: 20,
    });

    const webBuildDir = path.join(checkout.releasesDir, "live", "client");
    const ports = [await freePort(), await freePort()];
    for (const port of ports) children.push(await siteProcess(port, webBuildDir));
    if (NGINX) {
      const { mkdirSync } = await import("node:fs");
      mkdirSync(nginxDir);
      const port = await freePort();
      ports.push(port);
      children.push(await nginxProcess(port, nginxDir, checkout.releasesDir));
    }
    for (const port of ports)
      expect((await rawGet(port, "/careers")).body.toString()).toContain("Version One Designer");

    // A second publish: renamed, and a new opening. While it builds, everyone serves version one.
    gated = true;
    edit((t) =>
      t
        .replace("title: Version One Designer", "title: Version Two Designer")
        .concat(
          t
            .slice(t.indexOf("  - slug: mobile-app-developer-interns"))
            .replace("slug: mobile-app-developer-interns", "slug: qa-engineer-intern")
            .replace("title: Mobile App Developer Intern", "title: QA Engineer Intern"),
        ),
    );
    const second = await publish();
    await vi.waitFor(async () => expect((await state()).building?.id).toBe(second), {
      timeout: 10_000,
      interval: 20,
    });
    // The publish is "building" as soon as its job is taken; the build itself reaches its gate a little
    // later (on a busy machine, after the checks below had begun).
    await vi.waitFor(() => expect(open, "the build waits at its gate").toBeDefined(), {
      timeout: 10_000,
      interval: 20,
    });
    for (const port of ports) {
      expect((await rawGet(port, "/careers")).body.toString()).toContain("Version One Designer");
      expect((await rawGet(port, "/careers/qa-engineer-intern")).status).toBe(404);
    }

    open!();
    await vi.waitFor(async () => expect((await state()).live?.id).toBe(second), {
      timeout: 15_000,
      interval: 20,
    });
    for (const port of ports) {
      await vi.waitFor(
        async () => {
          const careers = await rawGet(port, "/careers");
          expect(careers.body.toString()).toContain("Version Two Designer");
          expect(careers.body.toString()).toContain("QA Engineer Intern");
          const job = await rawGet(port, "/careers/qa-engineer-intern");
          expect(job.status).toBe(200);
          // The page's own CSP allows its own inline script: the switch brought the new manifest too.
          const script = /<script>(.*?)<\/script>/.exec(job.body.toString())![1]!;
          const { hashSource } = await import("@site/site-policy");
          expect(String(job.headers["content-security-policy"])).toContain(hashSource(script));
        },
        { timeout: 10_000, interval: 50 },
      );
    }
  });
});
