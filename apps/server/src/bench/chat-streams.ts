// `npm run bench:chat-streams`: what issue 33 measured of the chat's streams, as figures. One
// conversation of BENCH_MESSAGES messages of 5,000 characters is seeded into a temporary SQLite file,
// the contact role runs as its own process (dist/main.js, LIVE_CHAT=on), then:
//  1. a burst of 130 GET /chat/stream with the conversation's one token, each read by its client:
//     how many are answered 200, how many are still open a few seconds later;
//  2. 50 streams from a client that never reads (raw sockets, paused after the request): the bytes
//     in the server's socket send queues (`ss`), the server's RSS before, after 5 s, and once
//     SOCKET_TIMEOUT_MS (BENCH_SOCKET_TIMEOUT_MS, default 60 s) has passed, and how many are still open.
// Each part comes from its own loopback address, so the per-client rate limit of one does not refuse the other.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { seedConversation } from "./seed-chat";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const SOCKET_TIMEOUT_MS = Number(process.env.BENCH_SOCKET_TIMEOUT_MS ?? 60_000);
const BURST = 130;
const SILENT = 50;
const ORIGIN = "http://localhost:3000";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dist = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tmp = mkdtempSync(path.join(tmpdir(), "bench-chat-streams-"));
const database = `sqlite:${path.join(tmp, "bench.sqlite")}`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const session = await seedConversation(database, MESSAGES);
const port = await freePort();
const server: ChildProcess = spawn(process.execPath, [path.join(dist, "main.js")], {
  env: {
    ...process.env,
    ROLE: "contact",
    HOST: "127.0.0.1",
    CONTACT_PORT: String(port),
    DATABASE_URL: database,
    LIVE_CHAT: "on",
    LOG_LEVEL: "warn",
    ALLOWED_ORIGINS: ORIGIN,
    SOCKET_TIMEOUT_MS: String(SOCKET_TIMEOUT_MS),
    SMTP_URL: "",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
for (let i = 0; ; i++) {
  const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (i > 400) throw new Error("the server did not get ready");
  await sleep(50);
}

const streamPath = `/chat/stream?${new URLSearchParams({ conversation: session.conversationId, token: session.token })}`;
const mb = (n: number) => `${n.toFixed(1)} MB`;
const rssMb = () => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
};
/** The bytes in the send queues of the server's connections, and how many connections hold some. */
function queues() {
  const out = execFileSync("ss", ["-tnH", "state", "established", `( sport = :${port} )`], {
    encoding: "utf8",
  });
  const queued = out
    .split("\n")
    .filter(Boolean)
    .map((r) => Number(r.trim().split(/\s+/)[1] ?? 0));
  const send = queued.reduce((n, q) => n + q, 0);
  return { connections: queued.filter((q) => q > 0).length, sendQueueMb: send / 1024 / 1024 };
}

const idle = rssMb();
console.info(`server RSS at rest: ${mb(idle)}`);

// 1. The burst, each stream read by its client.
interface Opened {
  status: number;
  ended: boolean;
  bytes: number;
  req: http.ClientRequest;
}
const burst: Opened[] = await Promise.all(
  Array.from(
    { length: BURST },
    () =>
      new Promise<Opened>((resolve) => {
        const o: Opened = { status: 0, ended: false, bytes: 0, req: undefined as never };
        o.req = http.get(
          {
            host: "127.0.0.1",
            port,
            path: streamPath,
            localAddress: "127.0.0.2",
            agent: false,
            headers: { origin: ORIGIN, accept: "text/event-stream" },
          },
          (res) => {
            o.status = res.statusCode ?? 0;
            res.on("data", (d: Buffer) => (o.bytes += d.length));
            res.on("close", () => (o.ended = true));
            resolve(o);
          },
        );
        o.req.on("error", () => {
          o.ended = true;
          resolve(o);
        });
      }),
  ),
);
await sleep(3_000);
const statuses = new Map<number, number>();
for (const o of burst) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
const stillOpen = burst.filter((o) => o.status === 200 && !o.ended).length;
const replayed = Math.max(...burst.map((o) => o.bytes));
console.info(
  `burst of ${BURST} streams with one token: answers ${[...statuses].map(([s, n]) => `${n}×${s}`).join(", ")}; ` +
    `${stillOpen} still open after 3 s; the most one stream received: ${mb(replayed / 1024 / 1024)}`,
);
for (const o of burst) o.req.destroy();
await sleep(1_000);

// 2. Streams that are never read.
const before = { rss: rssMb(), ...queues() };
const silent: net.Socket[] = [];
for (let i = 0; i < SILENT; i++) {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress: "127.0.0.3" });
  socket.on("error", () => {});
  socket.pause();
  socket.write(
    `GET ${streamPath} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  silent.push(socket);
}
await sleep(5_000);
const after5 = { rss: rssMb(), ...queues() };
await sleep(SOCKET_TIMEOUT_MS + 2_000);
const later = { rss: rssMb(), ...queues() };
console.info(
  `${SILENT} never-read streams: server RSS ${mb(before.rss)} before, ${mb(after5.rss)} after 5 s, ` +
    `${mb(later.rss)} after ${(SOCKET_TIMEOUT_MS + 2_000) / 1000} s; send queues ${mb(after5.sendQueueMb)} ` +
    `in ${after5.connections} connections after 5 s, ${mb(later.sendQueueMb)} in ${later.connections} ` +
    `after SOCKET_TIMEOUT_MS (${SOCKET_TIMEOUT_MS} ms) + 2 s`,
);
for (const s of silent) s.destroy();
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
rmSync(tmp, { recursive: true, force: true });
