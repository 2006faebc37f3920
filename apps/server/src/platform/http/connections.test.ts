/**
 * Connections on a real socket: deadlines for headers, body and idle keep-alive, and a malformed
 * request pipelined behind a valid POST that still gets the POST's answer.
 */
import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { BACKENDS, testConfig, useLeadServices, validContact } from "../../../test/helpers";
import { connectRaw, parseResponses, rawPost } from "../../../test/raw-socket";

const body = JSON.stringify(validContact);

describe.each(BACKENDS)("connections on $backend", ({ backend, skip }) => {
  describe.skipIf(skip)(backend, () => {
    const svc = useLeadServices(backend);

    async function listening(
      env: Record<string, string> = {},
    ): Promise<{ app: FastifyInstance; port: number }> {
      const app = await svc.app("contact", env);
      await app.listen({ host: "127.0.0.1", port: 0 });
      return { app, port: (app.server.address() as AddressInfo).port };
    }

    it("answers a valid POST before the 400 of a malformed request pipelined behind it", async () => {
      const { port } = await listening();
      const c = await connectRaw(port);
      c.write(rawPost("/contact", body) + "GARBAGE / HTTP/9.9\r\n\r\n");
      await c.closed;
      const [created, refused, ...more] = parseResponses(c.received());
      expect(more).toEqual([]);
      expect(created?.status).toBe(201);
      const { id } = JSON.parse(created!.body) as { id: string };
      expect(refused?.status).toBe(400);
      expect(refused?.headers).toMatch(/\r\nConnection: close/i);
      expect(JSON.parse(refused!.body)).toEqual({
        error: "bad_request",
        message: "The request is not valid HTTP.",
      });
      const stored = await svc.db.selectFrom("leads").select("id").execute();
      expect(stored).toEqual([{ id }]);
    });

    it("answers a malformed request alone with a JSON 400 and closes", async () => {
      const { port } = await listening();
      const c = await connectRaw(port);
      c.write("GARBAGE / HTTP/9.9\r\n\r\n");
      await c.closed;
      expect(parseResponses(c.received()).map((r) => [r.status, JSON.parse(r.body)])).toEqual([
        [400, { error: "bad_request", message: "The request is not valid HTTP." }],
      ]);
    });

    it("closes a connection whose body trickles past REQUEST_TIMEOUT_MS with 408, storing nothing", async () => {
      const { port } = await listening({ HEADERS_TIMEOUT_MS: "400", REQUEST_TIMEOUT_MS: "800" });
      const c = await connectRaw(port);
      const request = rawPost("/contact", body);
      const split = request.indexOf("\r\n\r\n") + 4;
      c.write(request.slice(0, split));
      // One byte every 50 ms would take over 10 s for this body; the socket is never idle.
      void c.trickle(request.slice(split), 50);
      const closedAt = await c.closed;
      expect(closedAt).toBeGreaterThanOrEqual(700);
      expect(closedAt).toBeLessThan(2_500);
      expect(parseResponses(c.received()).map((r) => [r.status, JSON.parse(r.body)])).toEqual([
        [408, { error: "request_timeout", message: "The request did not arrive in time." }],
      ]);
      await svc.nothingStored();
    });

    it("closes a connection whose headers trickle past HEADERS_TIMEOUT_MS, and one that says nothing", async () => {
      const { port } = await listening({ HEADERS_TIMEOUT_MS: "400", REQUEST_TIMEOUT_MS: "5000" });
      const [trickler, silent] = [await connectRaw(port), await connectRaw(port)];
      void trickler.trickle(rawPost("/contact", body), 20);
      for (const c of [trickler, silent]) {
        const closedAt = await c.closed;
        expect(closedAt).toBeGreaterThanOrEqual(350);
        expect(closedAt).toBeLessThan(1_500);
        expect(parseResponses(c.received()).map((r) => r.status)).toEqual([408]);
      }
      await svc.nothingStored();
    });

    it("closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS", async () => {
      const { port } = await listening({ KEEP_ALIVE_TIMEOUT_MS: "300" });
      const c = await connectRaw(port);
      c.write(rawPost("/contact", body));
      const closedAt = await c.closed;
      expect(parseResponses(c.received()).map((r) => r.status)).toEqual([201]);
      expect(closedAt).toBeGreaterThanOrEqual(250);
      expect(closedAt).toBeLessThan(2_000);
    });

    it("applies the default deadlines to the HTTP server", async () => {
      const { app } = await listening();
      const s = app.server;
      expect([s.headersTimeout, s.requestTimeout, s.keepAliveTimeout, s.timeout]).toEqual([
        5_000, 10_000, 72_000, 60_000,
      ]);
      expect(testConfig().SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    });
  });
});
