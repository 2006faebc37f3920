import type { FastifyHttpOptions, FastifyInstance } from "fastify";
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Config } from "../config/config";

// How every listener treats its connections: whom it believes about the client's address, how long
// a client may take, and how a request that cannot be parsed is answered.

/**
 * Fastify/Node options from the configuration. `trustProxy` gets the list of trusted proxies
 * (proxy-addr): the client is the rightmost X-Forwarded-For address that is not a trusted proxy, and
 * the header is ignored when the peer itself is not trusted (IPv4-mapped peers count as IPv4).
 * Node checks the header and request deadlines every `connectionsCheckingInterval` (30 s by
 * default, far coarser than the deadlines), so it is tied to the headers deadline here.
 */
export function connectionOptions(config: Config) {
  return {
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.SOCKET_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
    },
  } satisfies FastifyHttpOptions<Server>;
}

const CLIENT_ERRORS: Record<number, { error: string; message: string }> = {
  400: { error: "bad_request", message: "The request is not valid HTTP." },
  408: { error: "request_timeout", message: "The request did not arrive in time." },
  431: { error: "headers_too_large", message: "The request headers are too large." },
};

function clientErrorStatus(code: string | undefined): number {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  if (code === "HPE_HEADER_OVERFLOW") return 431;
  return 400;
}

/**
 * Answers what Node cannot parse (or what timed out) on a connection, as JSON, then closes it.
 * Fastify's default writes its answer at once and destroys the socket, which cuts off a response
 * still being produced for an earlier, complete request on the same keep-alive connection (a lead
 * committed but never answered). Here such a response is finished first.
 */
export function clientErrorHandling() {
  const open = new WeakMap<Socket, Set<ServerResponse>>();
  const handled = new WeakSet<Socket>();

  /** `request` listener on the HTTP server: remembers each response until it is done. */
  function track(req: IncomingMessage, res: ServerResponse) {
    const socket = req.socket;
    let responses = open.get(socket);
    if (!responses) open.set(socket, (responses = new Set()));
    responses.add(res);
    res.once("close", () => responses.delete(res));
  }

  /** Fastify's clientErrorHandler. */
  function handler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
    if (err.code === "ECONNRESET" || socket.destroyed || handled.has(socket)) return;
    handled.add(socket);
    const status = clientErrorStatus(err.code);
    this.log.debug({ err: { code: err.code, message: err.message }, status }, "client error");
    const answer = () => {
      if (socket.destroyed) return;
      if (!socket.writable) return void socket.destroy();
      const body = JSON.stringify(CLIENT_ERRORS[status]);
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        () => socket.destroy(),
      );
    };
    // Responses to requests that arrived whole are finished first; an incomplete request (the one
    // that broke or timed out) gets no answer of its own.
    const pending = [...(open.get(socket) ?? [])].filter((res) => res.req.complete);
    if (pending.length === 0) return answer();
    let left = pending.length;
    for (const res of pending) res.once("close", () => --left === 0 && answer());
  }

  return { track, handler };
}

/**
 * Once the server is closing, every answer carries `Connection: close`, so a keep-alive connection
 * whose request was in flight at SIGTERM closes after its answer instead of holding the shutdown
 * open until the keep-alive deadline (idle ones are closed by Fastify when closing starts).
 */
export function closeConnectionsWhenClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_req, reply) => {
    if (closing) reply.header("connection", "close");
  });
}
