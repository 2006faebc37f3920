import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../database";
import { listLeads } from "../lead-queries";
import {
  buildServer,
  childEnv,
  freePort,
  serverDir,
  tempDir,
  validContact,
  validQuotation,
} from "../../../test/helpers";
import { createSmtpPeer, type SmtpPeer } from "../../../test/smtp-peer";

interface Running {
  child: ChildProcess;
  output: () => string;
}

async function startServer(env: Record<string, string>, port: number): Promise<Running> {
  const child = spawn(process.execPath, [path.join(serverDir, "dist", "main.js")], {
    env: childEnv({ ROLE: "contact", HOST: "127.0.0.1", CONTACT_PORT: String(port), ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  // Readiness: poll /readyz (a real process needs real time to boot).
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
      const r = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(r.status).toBe(200);
    },
    { timeout: 20_000, interval: 100 },
  );
  return { child, output: () => out };
}

describe("crash safety (real process, SIGKILL)", () => {
  const tmp = tempDir("leads-crash-");
  let peer: SmtpPeer;
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    buildServer();
    peer = await createSmtpPeer();
    await peer.start();
  });
  afterAll(async () => {
    for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await peer.stop();
    tmp.cleanup();
  });

  it("finds every acknowledged lead after SIGKILL and a restart, and then delivers each once", async () => {
    const dbUrl = `sqlite:${path.join(tmp.dir, "data", "leads.sqlite")}`;
    const port = await freePort();
    const first = await startServer({ DATABASE_URL: dbUrl, LOG_LEVEL: "info" }, port);
    running.push(first.child);

    const acknowledged: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": `crash-${i}` },
        body: JSON.stringify({ ...validContact, name: `Visitor ${i}` }),
      });
      expect(res.status).toBe(201);
      acknowledged.push(((await res.json()) as { id: string }).id);
    }
    first.child.kill("SIGKILL");
    await once(first.child, "exit");
    expect(first.child.signalCode).toBe("SIGKILL");

    // Without SMTP_URL the first process said so once, and sent nothing.
    expect(first.output().match(/SMTP_URL is not set/g)).toHaveLength(1);
    expect(first.output()).not.toContain(validContact.email);
    expect(peer.mails).toHaveLength(0);

    const second = await startServer(
      { DATABASE_URL: dbUrl, SMTP_URL: peer.url, NOTIFY_TO: "sales@example.com", LOG_LEVEL: "info" },
      port,
    );
    running.push(second.child);

    const db = await openDatabase(dbUrl);
    try {
      const stored = await listLeads(db.db);
      expect(stored.map((l) => l.id)).toEqual(expect.arrayContaining(acknowledged));
      expect(stored).toHaveLength(8);
    } finally {
      await db.close();
    }

    // A retried submission after the crash is still recognised (idempotency survived too).
    const replay = await fetch(`http://127.0.0.1:${port}/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": "crash-3" },
      body: JSON.stringify({ ...validContact, name: "Visitor 3" }),
    });
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual({ id: acknowledged[3] });

    await vi.waitFor(() => expect(peer.mails).toHaveLength(8), { timeout: 20_000, interval: 100 });
    expect(new Set(peer.mails.map((m) => m.headers["x-lead-id"]))).toEqual(new Set(acknowledged));

    second.child.kill("SIGTERM");
    const [code] = (await once(second.child, "exit")) as [number | null];
    expect(code).toBe(0);
    expect(second.output()).toContain("shutting down");
    expect(second.output()).not.toContain("SMTP_URL is not set");
    expect(peer.mails).toHaveLength(8);
  }, 120_000);

  it("ROLE=all serves both services from one process with a single outbox worker", async () => {
    const [site, contact, quotation] = [await freePort(), await freePort(), await freePort()];
    const dbUrl = `sqlite:${path.join(tmp.dir, "all", "leads.sqlite")}`;
    const before = peer.mails.length;
    const proc = await startServer(
      {
        ROLE: "all",
        PORT: String(site),
        QUOTATION_PORT: String(quotation),
        DATABASE_URL: dbUrl,
        SMTP_URL: peer.url,
        ALLOWED_ORIGINS: `http://localhost:${site}`,
      },
      contact,
    );
    running.push(proc.child);
    const post = async (port: number, kind: string, body: object) => {
      const res = await fetch(`http://127.0.0.1:${port}/${kind}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: `http://localhost:${site}` },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get("access-control-allow-origin")).toBe(`http://localhost:${site}`);
      return ((await res.json()) as { id: string }).id;
    };
    const ids = [
      await post(contact, "contact", validContact),
      await post(quotation, "quotation", validQuotation),
    ];
    await vi.waitFor(() => expect(peer.mails.length - before).toBe(2), { timeout: 20_000, interval: 100 });
    expect(new Set(peer.mails.slice(before).map((m) => m.headers["x-lead-id"]))).toEqual(new Set(ids));
    expect(proc.output().match(/outbox worker started/g)).toHaveLength(1);
    proc.child.kill("SIGTERM");
    await once(proc.child, "exit");
  }, 120_000);
});
