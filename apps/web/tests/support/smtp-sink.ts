/**
 * A real SMTP peer for the browser tests: receives the notification e-mails of the site server on
 * loopback and shows them as JSON on a tiny loopback HTTP endpoint.
 *
 *   SMTP  127.0.0.1:SMTP_SINK_PORT        (no auth, no TLS)
 *   HTTP  127.0.0.1:SMTP_SINK_HTTP_PORT   GET /messages → [{ id, envelope, headers, text, raw }], GET /healthz
 *
 * Started by playwright.config.ts as a webServer entry (run with jiti, so TypeScript needs no build step).
 */
import http from "node:http";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 2526);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? smtpPort + 1);
const MAX_MESSAGES = 1000;
const MAX_BYTES = 1024 * 1024;

export interface SinkMessage {
  id: number;
  receivedAt: string;
  envelope: { from: string | null; to: string[] };
  /** Unfolded top-level headers, names lower-cased; repeated headers keep the last value. */
  headers: Record<string, string>;
  /** The raw message with quoted-printable soft line breaks removed (for substring checks). */
  text: string;
  raw: string;
}

const messages: SinkMessage[] = [];
let nextId = 1;

function parseHeaders(raw: string): Record<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["AUTH", "STARTTLS"],
  logger: false,
  size: MAX_BYTES,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      messages.push({
        id: nextId++,
        receivedAt: new Date().toISOString(),
        envelope: {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
        },
        headers: parseHeaders(raw),
        text: raw.replace(/=\r?\n/g, ""),
        raw,
      });
      if (messages.length > MAX_MESSAGES) messages.shift();
      callback();
    });
  },
});

const web = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "GET" && url.pathname === "/healthz") {
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  } else if (req.method === "GET" && url.pathname === "/messages") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messages));
  } else {
    res.writeHead(404).end();
  }
});

smtp.on("error", (err) => console.error("[smtp-sink]", err.message));
smtp.listen(smtpPort, "127.0.0.1", () => {
  web.listen(httpPort, "127.0.0.1", () =>
    console.log(
      `[smtp-sink] SMTP on 127.0.0.1:${smtpPort}, messages at http://127.0.0.1:${httpPort}/messages`,
    ),
  );
});

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    web.close();
    smtp.close(() => process.exit(0));
  });
}
