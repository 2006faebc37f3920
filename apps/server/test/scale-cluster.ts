import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { freePort } from "./helpers";
import { type ServerProcess, startServerProcess } from "./server-process";

// The parts of a scaled deployment on loopback: nginx balancing two contact and two quotation
// instances of the built server. nginx reaches the instances from NGINX_ADDRESS, the one address
// they trust (TRUSTED_PROXIES); clients reach nginx from other loopback addresses.

export const NGINX = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/local/sbin/nginx"].find(
  (p): p is string => !!p && existsSync(p),
);
/**
 * Debian's libfaketime (package faketime), preloaded into one instance. Not through the `faketime`
 * command: it forks the program and waits for it, so killing it would orphan the server.
 */
const LIBFAKETIME = readdirSync("/usr/lib", { withFileTypes: true })
  .map((d) => path.join("/usr/lib", d.name, "faketime", "libfaketime.so.1"))
  .find((p) => existsSync(p));
/** Environment that runs a process with its clock `offset` ahead (e.g. "+5m"). */
export const clockAhead = (offset: string) => ({ LD_PRELOAD: LIBFAKETIME!, FAKETIME: offset });
export const FAKETIME = LIBFAKETIME !== undefined;
if (process.env.CI === "true" && (!NGINX || !FAKETIME)) {
  throw new Error(
    "CI=true but nginx or faketime (libfaketime) is not installed: the scale test cannot be skipped in CI",
  );
}

export const NGINX_ADDRESS = "127.0.0.10";
type Slot = "contactA" | "contactB" | "quotationA" | "quotationB";
const SLOTS: Slot[] = ["contactA", "contactB", "quotationA", "quotationB"];

export interface Answer {
  /** 0 when the connection failed. */
  status: number;
  body: string;
  /** The instance nginx passed the request to (`$upstream_addr`). */
  upstream: string;
}

/** POST through the balancer from the loopback address `from`. */
export function post(
  port: number,
  url: string,
  body: object,
  opts: { from: string; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: url,
        method: "POST",
        localAddress: opts.from,
        agent: false,
        headers: { "content-type": "application/json", ...opts.headers },
        timeout: 20_000,
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            upstream: String(res.headers["x-upstream"] ?? ""),
          }),
        );
        res.on("error", () => resolve({ status: 0, body: text, upstream: "" }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, body: "", upstream: "" }));
    req.end(JSON.stringify(body));
  });
}

export interface Cluster {
  /** The balancer's port on 127.0.0.1. */
  port: number;
  ports: Record<Slot, number>;
  instances: Partial<Record<Slot, ServerProcess>>;
  /** (Re)starts every instance with `env` (plus per-slot extras), after stopping the running ones. */
  start(env: Record<string, string>, perSlot?: Partial<Record<Slot, Record<string, string>>>): Promise<void>;
  stopInstances(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}

export async function startCluster(root: string): Promise<Cluster> {
  const port = await freePort();
  const ports = Object.fromEntries(
    await Promise.all(SLOTS.map(async (s) => [s, await freePort()])),
  ) as Record<Slot, number>;
  const temp = path.join(root, "nginx-temp");
  await mkdir(temp, { recursive: true });
  const upstream = (name: string, slots: Slot[]) => [
    `  upstream ${name} {`,
    // max_fails=0: a dead instance is tried again on every request (and skipped when refused).
    ...slots.map((s) => `    server 127.0.0.1:${ports[s]} max_fails=0;`),
    "  }",
  ];
  const location = (name: string) => [
    `    location = /${name} {`,
    `      proxy_pass http://${name};`,
    "    }",
  ];
  const conf = path.join(root, "nginx.conf");
  await writeFile(
    conf,
    [
      "daemon off;",
      "master_process off;",
      `pid ${path.join(root, "nginx.pid")};`,
      "error_log stderr crit;",
      "events { worker_connections 512; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (t) => `  ${t}_temp_path ${path.join(temp, t)};`,
      ),
      ...upstream("contact", ["contactA", "contactB"]),
      ...upstream("quotation", ["quotationA", "quotationB"]),
      "  server {",
      `    listen 127.0.0.1:${port};`,
      `    proxy_bind ${NGINX_ADDRESS};`,
      "    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
      "    add_header X-Upstream $upstream_addr always;",
      ...location("contact"),
      ...location("quotation"),
      "  }",
      "}",
      "",
    ].join("\n"),
  );
  let log = "";
  const nginx: ChildProcess = spawn(NGINX!, ["-p", root, "-c", conf, "-e", "stderr"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  nginx.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  const deadline = Date.now() + 10_000;
  while ((await post(port, "/none", {}, { from: "127.0.0.1" })).status !== 404) {
    if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  const cluster: Cluster = {
    port,
    ports,
    instances: {},
    async start(env, perSlot = {}) {
      await cluster.stopInstances();
      await Promise.all(
        SLOTS.map(async (slot) => {
          const role = slot.startsWith("contact") ? "contact" : "quotation";
          const portKey = role === "contact" ? "CONTACT_PORT" : "QUOTATION_PORT";
          cluster.instances[slot] = await startServerProcess(
            {
              ROLE: role,
              [portKey]: String(ports[slot]),
              TRUSTED_PROXIES: NGINX_ADDRESS,
              LOG_LEVEL: "warn",
              ...env,
              ...perSlot[slot],
            },
            { readyPort: ports[slot], timeoutMs: 60_000 },
          );
        }),
      );
    },
    async stopInstances() {
      await Promise.all(Object.values(cluster.instances).map((p) => p.stop()));
      cluster.instances = {};
    },
    async stop() {
      await cluster.stopInstances();
      nginx.kill();
    },
    output: () =>
      [`nginx: ${log}`, ...Object.entries(cluster.instances).map(([s, p]) => `${s}:\n${p.output()}`)].join(
        "\n",
      ),
  };
  return cluster;
}
