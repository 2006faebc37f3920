import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "./helpers";

// A real SMTP peer (smtp-server) on loopback, and a small MIME reader for what it receives.

interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** The conversation was encrypted (STARTTLS) when the message came. */
  secure: boolean;
  raw: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) back to text. */
function decodeMimeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) => {
      if (enc.toUpperCase() === "B") return Buffer.from(data, "base64").toString("utf8");
      const bytes = data
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}

function unfoldHeaders(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = decodeMimeWords(line.slice(i + 1).trim());
  }
  return out;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? "7bit").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** Splits a message into headers and its text/plain and text/html parts (one level of multipart). */
function parseMail(raw: string): Omit<ReceivedMail, "envelope" | "secure"> {
  const split = raw.indexOf("\r\n\r\n");
  const headers = unfoldHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const s = chunk.replace(/^\r\n/, "");
      const j = s.indexOf("\r\n\r\n");
      const h = unfoldHeaders(s.slice(0, j));
      parts.push({
        type: (h["content-type"] ?? "").split(";")[0]!.trim(),
        content: decodeBody(s.slice(j + 4).replace(/\r\n$/, ""), h["content-transfer-encoding"]).replace(
          /\r\n/g,
          "\n",
        ),
      });
    }
  } else {
    parts.push({
      type: (headers["content-type"] ?? "text/plain").split(";")[0]!.trim(),
      content: decodeBody(body, headers["content-transfer-encoding"]),
    });
  }
  return {
    raw,
    headers,
    text: parts.find((p) => p.type === "text/plain")?.content ?? "",
    html: parts.find((p) => p.type === "text/html")?.content ?? "",
  };
}

export interface SmtpPeer {
  port: number;
  url: string;
  mails: ReceivedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface SmtpPeerOptions {
  port?: number;
  /** Offer STARTTLS (smtp-server's built-in self-signed certificate); default: not offered. */
  starttls?: boolean;
  /** Wait this long after each message's data before answering 250 (a slow server). */
  delayMs?: number;
}

/** In-process SMTP server on a loopback port; `stop()` then `start()` takes it down and up again. */
export async function createSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const p = options.port ?? (await freePort());
  const mails: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const peer: SmtpPeer = {
    port: p,
    url: `smtp://127.0.0.1:${p}`,
    mails,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: options.starttls ? ["AUTH"] : ["STARTTLS", "AUTH"],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            const env = session.envelope;
            mails.push({
              envelope: {
                from: env.mailFrom ? env.mailFrom.address : "",
                to: env.rcptTo.map((r) => r.address),
              },
              secure: session.secure,
              ...parseMail(Buffer.concat(chunks).toString("utf8")),
            });
            setTimeout(callback, options.delayMs ?? 0);
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once("error", reject);
        server!.listen(p, "127.0.0.1", () => resolve());
      });
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  return peer;
}

/**
 * A suite's SMTP peer: started before its tests, stopped after them. `mailsTo` holds the mails one
 * address received.
 */
export function useSmtpPeer() {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await createSmtpPeer();
    await peer.start();
  });
  afterAll(async () => peer.stop());
  return {
    get url() {
      return peer.url;
    },
    get mails() {
      return peer.mails;
    },
    mailsTo: (address: string) => peer.mails.filter((m) => m.envelope.to.includes(address)),
  };
}
