import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** A delivery the receiver accepted: its verified payload and headers. */
interface Received {
  id: string;
  timestamp: string;
  payload: { type: string; timestamp: string; data: { id: string; email: string; [k: string]: unknown } };
}

/**
 * A real HTTP webhook receiver on loopback that verifies every request as the Standard Webhooks
 * library says a receiver should. `mode` decides the answer: "ok" (204 after verifying), "down"
 * (503), "limited" (429), "gone" (410: it wants no more webhooks), "hang" (never answers); `retryAfter`,
 * when set, goes with a 503 or 429 as its Retry-After header. `accepted` holds verified deliveries;
 * `bad` counts refused signatures.
 */
export async function createWebhookReceiver(secret: string) {
  const verifier = new Webhook(secret);
  const state = {
    mode: "ok" as "ok" | "down" | "limited" | "gone" | "hang",
    retryAfter: undefined as string | undefined,
    requests: 0,
    bad: 0,
    accepted: [] as Received[],
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      state.requests++;
      if (state.mode === "hang") return;
      if (state.mode !== "ok") {
        const status = { down: 503, limited: 429, gone: 410 }[state.mode];
        res
          .writeHead(status, state.retryAfter === undefined ? {} : { "retry-after": state.retryAfter })
          .end();
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(
        ["webhook-id", "webhook-timestamp", "webhook-signature"].map((h) => [
          h,
          String(req.headers[h] ?? ""),
        ]),
      );
      try {
        const payload = verifier.verify(body, headers) as Received["payload"];
        state.accepted.push({
          id: headers["webhook-id"]!,
          timestamp: headers["webhook-timestamp"]!,
          payload,
        });
        res.writeHead(204).end();
      } catch {
        state.bad++;
        res.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
