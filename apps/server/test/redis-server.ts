import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import net from "node:net";
import { freePort } from "./helpers";

// A real redis-server (Debian package) on a free loopback port, started and stopped by the tests.

export const REDIS_SERVER = [
  process.env.REDIS_SERVER_PATH,
  "/usr/bin/redis-server",
  "/usr/local/bin/redis-server",
].find((p): p is string => !!p && existsSync(p));
// Like the PostgreSQL and nginx tests: skipped on a machine without it, never skipped in CI.
if (process.env.CI === "true" && !REDIS_SERVER) {
  throw new Error("CI=true but redis-server is not installed: the Redis tests cannot be skipped in CI");
}

export interface RedisServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Pauses the server (SIGSTOP): connections stay open but nothing is answered. */
  freeze(): void;
  thaw(): void;
  /** Empties every counter. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** One RESP command over a plain socket (keeps the tests independent of the client under test). */
async function command(port: number, ...args: string[]): Promise<string> {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  await once(socket, "connect");
  socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`);
  const [reply] = (await once(socket, "data")) as [Buffer];
  socket.destroy();
  return reply.toString();
}

export async function startRedis(port?: number): Promise<RedisServer> {
  if (!REDIS_SERVER) throw new Error("redis-server is not installed");
  const p = port ?? (await freePort());
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(p), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--loglevel", "warning"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await command(p, "PING")).startsWith("+PONG")) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`redis-server did not start on port ${p}:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url: `redis://127.0.0.1:${p}`,
    port: p,
    process: child,
    freeze: () => void child.kill("SIGSTOP"),
    thaw: () => void child.kill("SIGCONT"),
    flush: async () => void (await command(p, "FLUSHALL")),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGCONT");
      child.kill("SIGKILL");
      await once(child, "exit");
    },
  };
}
