// Two instances of the built server (ROLE=all, LIVE_CHAT=on) on one database and one Redis, behind
// nginx, on loopback: the site, the contact service and the desk are nginx's ports (the run's PORT,
// CONTACT_PORT and DESK_PORT, which the LIVE_CHAT=on build addresses), each instance on ports of its own.
// nginx passes the chat's streams unbuffered, as docs/deploy.md says.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chatBuildDir, deskUrl, ports, repoRoot, siteUrl } from "./chat-env";

const NGINX = [process.env.NGINX_PATH, "/usr/sbin/nginx"].find((p): p is string => !!p && existsSync(p));
const REDIS = [process.env.REDIS_SERVER_PATH, "/usr/bin/redis-server"].find(
  (p): p is string => !!p && existsSync(p),
);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ok = (url: string) => fetch(url).then((r) => r.ok);

interface Instance {
  name: string;
  child: ChildProcess;
  ports: { site: number; contact: number; quotation: number; desk: number };
  output: () => string;
}

export interface ChatCluster {
  instances: Instance[];
  databaseUrl: string;
  /** SIGKILL, no goodbye. */
  kill(instance: Instance): void;
  stop(): Promise<void>;
}

export async function startChatCluster(env: Record<string, string> = {}): Promise<ChatCluster> {
  if (!NGINX || !REDIS) throw new Error("nginx and redis-server are needed");
  const root = path.join(os.tmpdir(), `chat-cluster-${ports.desk}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(path.join(root, "nginx-temp"), { recursive: true });
  const children: ChildProcess[] = [];

  const redisPort = await freePort();
  const redis = spawn(
    REDIS,
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  children.push(redis);

  const databaseUrl = process.env.CHAT_BENCH_DATABASE_URL ?? `sqlite:${path.join(root, "leads.sqlite")}`;
  const instances: Instance[] = [];
  for (const name of ["a", "b"]) {
    const p = {
      site: await freePort(),
      contact: await freePort(),
      quotation: await freePort(),
      desk: await freePort(),
    };
    let out = "";
    const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        ROLE: "all",
        HOST: "127.0.0.1",
        LIVE_CHAT: "on",
        DATABASE_URL: databaseUrl,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        WEB_BUILD_DIR: path.join(chatBuildDir, "client"),
        PORT: String(p.site),
        CONTACT_PORT: String(p.contact),
        QUOTATION_PORT: String(p.quotation),
        DESK_PORT: String(p.desk),
        DESK_URL: deskUrl,
        ALLOWED_ORIGINS: siteUrl,
        TRUSTED_PROXIES: "127.0.0.1",
        CHAT_MESSAGES_PER_MINUTE: "10000",
        CHAT_CONVERSATIONS_PER_HOUR: "1000",
        RATE_LIMIT_PER_MINUTE: "10000",
        DESK_RATE_LIMIT_PER_MINUTE: "10000",
        LOG_LEVEL: "warn",
        SMTP_URL: "",
        ...env,
      },
    });
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    children.push(child);
    instances.push({ name, child, ports: p, output: () => out });
    // One at a time: the first migrates the new database.
    await until(`instance ${name}`, () => ok(`http://127.0.0.1:${p.desk}/api/session`));
  }

  const upstream = (name: string, key: keyof Instance["ports"]) =>
    `  upstream ${name} { ${instances.map((i) => `server 127.0.0.1:${i.ports[key]} max_fails=0;`).join(" ")} keepalive 16; }`;
  const server = (listen: number, to: string, streams: string[]) =>
    [
      "  server {",
      `    listen 127.0.0.1:${listen};`,
      "    proxy_http_version 1.1;",
      '    proxy_set_header Connection "";',
      "    proxy_set_header Host $http_host;",
      "    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
      `    location / { proxy_pass http://${to}; }`,
      ...streams.map(
        (s) => `    location ${s} { proxy_pass http://${to}; proxy_buffering off; proxy_read_timeout 1h; }`,
      ),
      "  }",
    ].join("\n");
  const conf = path.join(root, "nginx.conf");
  writeFileSync(
    conf,
    [
      "daemon off;",
      "master_process off;",
      `pid ${path.join(root, "nginx.pid")};`,
      "error_log stderr crit;",
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (t) => `  ${t}_temp_path ${path.join(root, "nginx-temp", t)};`,
      ),
      upstream("site", "site"),
      upstream("contact", "contact"),
      upstream("desk", "desk"),
      server(ports.site, "site", []),
      server(ports.contact, "contact", ["/chat/stream"]),
      server(ports.desk, "desk", ["/api/chats"]),
      "}",
      "",
    ].join("\n"),
  );
  const nginx = spawn(NGINX, ["-p", root, "-c", conf, "-e", "stderr"], { stdio: "ignore" });
  children.push(nginx);
  await until("nginx", () => ok(`${deskUrl}/api/session`));
  await until("the site through nginx", () => ok(`${siteUrl}/`));

  return {
    instances,
    databaseUrl,
    kill: (i) => void i.child.kill("SIGKILL"),
    async stop() {
      for (const c of children.reverse()) {
        if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
      }
      await new Promise((r) => setTimeout(r, 500));
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    },
  };
}
