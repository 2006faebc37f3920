import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { type Config, loadConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/database";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

// In CI the PostgreSQL suite must run: a missing TEST_DATABASE_URL fails the run instead of skipping.
if (process.env.CI === "true" && !TEST_DATABASE_URL) {
  throw new Error("CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests cannot be skipped in CI");
}

export type Backend = "sqlite" | "postgres";
/** Backends to run the storage/service suites on; PostgreSQL only when TEST_DATABASE_URL is set. */
export const BACKENDS: { backend: Backend; skip: boolean }[] = [
  { backend: "sqlite", skip: false },
  { backend: "postgres", skip: !TEST_DATABASE_URL },
];

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: "silent", ALLOWED_ORIGINS: "http://localhost:3000", ...env });
}

export function tempDir(prefix = "leads-test-"): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestDatabase {
  database: Database;
  url: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database: a SQLite file in a temp directory, or a uniquely named PostgreSQL
 * database created on the TEST_DATABASE_URL cluster and dropped afterwards.
 */
export async function openTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === "sqlite") {
    const tmp = tempDir();
    const url = `sqlite:${path.join(tmp.dir, "nested", "leads.sqlite")}`;
    const database = await openDatabase(url);
    return {
      database,
      url,
      async cleanup() {
        await database.close().catch(() => {});
        tmp.cleanup();
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const name = `leads_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(TEST_DATABASE_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase(url);
  return {
    database,
    url,
    async cleanup() {
      await database.close().catch(() => {});
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// A real SMTP peer (smtp-server) on loopback, and a small MIME reader for what it receives.

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) back to text. */
export function decodeMimeWords(value: string): string {
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
export function parseMail(raw: string): Omit<ReceivedMail, "envelope"> {
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

/** In-process SMTP server on a loopback port; `stop()` then `start()` takes it down and up again. */
export async function createSmtpPeer(port?: number): Promise<SmtpPeer> {
  const p = port ?? (await freePort());
  const mails: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const peer: SmtpPeer = {
    port: p,
    url: `smtp://127.0.0.1:${p}`,
    mails,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
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
              ...parseMail(Buffer.concat(chunks).toString("utf8")),
            });
            callback();
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

export const validContact = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 20 7946 0000",
  message: "We need help migrating our ERP to the cloud.",
};

export const validQuotation = {
  name: "Charles Babbage",
  email: "charles@example.com",
  phone: "020 7946 0123",
  company: "Analytical Engines Ltd",
  service: "erp-consultation",
  details: "Forty users across two sites.",
};

export const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const repoDir = path.resolve(serverDir, "../..");

/** Bundles the server (dist/main.js, dist/cli/leads.js) exactly as `npm run build -w apps/server` does. */
export function buildServer(): void {
  const r = spawnSync(process.execPath, ["build.mjs"], { cwd: serverDir, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`server build failed:\n${r.stdout}\n${r.stderr}`);
}

/** Environment for a child process: the parent's, minus anything that would change its storage or mail. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of [
    "DATABASE_URL",
    "SMTP_URL",
    "ROLE",
    "PORT",
    "CONTACT_PORT",
    "QUOTATION_PORT",
    "LOG_LEVEL",
  ]) {
    delete env[k];
  }
  return { ...env, ...extra };
}
