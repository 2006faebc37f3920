/**
 * SIGTERM on a real server process: stop accepting, finish what is in flight, close idle
 * keep-alive connections, exit; and never wait past SHUTDOWN_TIMEOUT_MS.
 */
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../records/database";
import { buildServer, freePort, tempDir, validContact } from "../../test/helpers";
import { connectRaw, parseResponses, rawPost } from "../../test/raw-socket";
import { type ServerProcess, startServerProcess } from "../../test/server-process";

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(false)));
    s.once("error", (e: NodeJS.ErrnoException) => resolve(e.code === "ECONNREFUSED"));
  });

describe("graceful shutdown (real process, SIGTERM)", () => {
  const tmp = tempDir("leads-shutdown-");
  const running: ServerProcess[] = [];

  beforeAll(() => buildServer());
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.stop()));
  });
  afterAll(() => tmp.cleanup());

  async function start(name: string, env: Record<string, string>) {
    const port = await freePort();
    const dbUrl = `sqlite:${path.join(tmp.dir, name, "leads.sqlite")}`;
    const server = await startServerProcess(
      { ROLE: "contact", CONTACT_PORT: String(port), DATABASE_URL: dbUrl, ...env },
      { readyPort: port },
    );
    running.push(server);
    return { server, port, dbUrl };
  }

  it("finishes the request in flight, refuses new connections, closes idle ones and exits 0", async () => {
    const { server, port, dbUrl } = await start("drain", { SHUTDOWN_TIMEOUT_MS: "8000" });
    const idle = await connectRaw(port);
    idle.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await vi.waitFor(() => expect(parseResponses(idle.received()).map((r) => r.status)).toEqual([200]));

    const busy = await connectRaw(port);
    const request = rawPost("/contact", JSON.stringify(validContact));
    const half = request.indexOf("\r\n\r\n") + 20;
    busy.write(request.slice(0, half));
    await vi.waitFor(() => expect(busy.received()).toBe("")); // headers in, body half-way

    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await vi.waitFor(() => expect(server.output()).toContain('"msg":"shutting down"'));
    expect(await idle.closed).toBeGreaterThan(0);
    await vi.waitFor(async () => expect(await refused(port)).toBe(true));

    busy.write(request.slice(half));
    const answers = await vi.waitFor(() => {
      const r = parseResponses(busy.received());
      expect(r).toHaveLength(1);
      return r;
    });
    expect(answers[0]!.status).toBe(201);
    expect(answers[0]!.headers).toMatch(/\r\nconnection: close/i);
    const { id } = JSON.parse(answers[0]!.body) as { id: string };

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(8_000);
    const db = await openDatabase(dbUrl);
    try {
      expect(await db.db.selectFrom("leads").select("id").execute()).toEqual([{ id }]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it("does not let a client that never finishes hold the shutdown past SHUTDOWN_TIMEOUT_MS", async () => {
    const { server, port } = await start("deadline", {
      SHUTDOWN_TIMEOUT_MS: "1000",
      HEADERS_TIMEOUT_MS: "30000",
      REQUEST_TIMEOUT_MS: "60000",
      LOG_LEVEL: "info",
    });
    const stuck = await connectRaw(port);
    const request = rawPost("/contact", JSON.stringify(validContact));
    stuck.write(request.slice(0, request.indexOf("\r\n\r\n") + 10));
    await new Promise((r) => setTimeout(r, 100));

    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    const took = Date.now() - signalledAt;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4_000);
    expect(server.output()).toContain("shutdown deadline passed (SHUTDOWN_TIMEOUT_MS)");
    await stuck.closed;
    expect(parseResponses(stuck.received()).filter((r) => r.status === 201)).toEqual([]);
  }, 60_000);
});
