import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import {
  buildServer,
  childEnv,
  freePort,
  json,
  openTestDatabase,
  serverDir,
  tempDir,
  type TestDatabase,
  testConfig,
  validContact,
} from "../../test/helpers";

describe("logging", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase("sqlite");
  });
  afterAll(async () => t.cleanup());

  it("logs the lead id and never the person's name, e-mail, phone or message", async () => {
    const lines: string[] = [];
    const person = {
      name: "Zebedee Quillfeather",
      email: "zebedee.q@example.org",
      phone: "+44 20 7946 0999",
      message: "Confidential-9f3a: please call about the tender.",
    };
    const a = await buildApp("contact", {
      config: testConfig({ LOG_LEVEL: "trace", RATE_LIMIT_PER_MINUTE: "1000" }),
      database: t.database,
      logStream: { write: (l) => void lines.push(l) },
    });
    try {
      const ok = await a.inject({
        method: "POST",
        url: "/contact?email=zebedee.q@example.org",
        headers: json,
        payload: person,
      });
      const id = ok.json<{ id: string }>().id;
      await a.inject({
        method: "POST",
        url: "/contact",
        headers: json,
        payload: { ...person, email: "zebedee.q@" },
      });
      await a.inject({
        method: "POST",
        url: "/contact",
        headers: json,
        payload: `{"name":"${person.name}",`,
      });
      await a.inject({
        method: "POST",
        url: "/contact",
        headers: { ...json, "idempotency-key": "k1" },
        payload: person,
      });
      await a.inject({
        method: "POST",
        url: "/contact",
        headers: { ...json, "idempotency-key": "k1" },
        payload: person,
      });
      const log = lines.join("");
      expect(lines.length).toBeGreaterThan(5);
      expect(log).toContain(id);
      for (const value of [
        person.name,
        "Zebedee",
        person.email,
        "zebedee.q",
        person.phone,
        "7946 0999",
        "Confidential-9f3a",
      ]) {
        expect(log).not.toContain(value);
      }
    } finally {
      await a.close();
    }
  });
});

describe("what the server prints (built main.js, ROLE=contact)", () => {
  const tmp = tempDir("leads-logs-");
  beforeAll(() => buildServer());
  afterAll(() => tmp.cleanup());

  /** Starts the server, posts one lead, stops it; returns what it printed (stdout and stderr). */
  async function printed(stdout: "terminal" | "pipe"): Promise<string> {
    const port = await freePort();
    const main = path.join(serverDir, "dist", "main.js");
    const env = childEnv({
      ROLE: "contact",
      HOST: "127.0.0.1",
      CONTACT_PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(tmp.dir, stdout, "leads.sqlite")}`,
    });
    // script(1) runs the server on a pseudo-terminal, as a person's shell would.
    const child =
      stdout === "terminal"
        ? spawn("script", ["-qfec", `exec "${process.execPath}" "${main}"`, "/dev/null"], { env })
        : spawn(process.execPath, [main], { env });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    try {
      await vi.waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
          expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
        },
        { timeout: 20_000, interval: 100 },
      );
      const res = await fetch(`http://127.0.0.1:${port}/contact`, {
        method: "POST",
        headers: json,
        body: JSON.stringify(validContact),
      });
      expect(res.status).toBe(201);
      await vi.waitFor(() => expect(out).toContain("request completed"), { timeout: 5_000 });
    } finally {
      child.kill("SIGTERM");
      if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
    }
    return stripVTControlCharacters(out).replace(/\r/g, "");
  }

  it("prints one JSON object per line into a pipe", async () => {
    const lines = (await printed("pipe")).trim().split("\n");
    const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(entries.map((e) => e.msg)).toEqual(
      expect.arrayContaining(["lead store ready (migrations applied)", "lead stored", "request completed"]),
    );
  });

  it("prints readable lines on a terminal", async () => {
    const text = await printed("terminal");
    expect(text).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: lead store ready \(migrations applied\) \{"database":/m,
    );
    expect(text).toMatch(/^\[[\d:.]+\] INFO: lead stored \{.*"leadId":"[0-9a-f-]{36}"/m);
    expect(text).toMatch(/^\[[\d:.]+\] INFO: request completed \{/m);
    for (const line of text.split("\n")) expect(line.startsWith("{"), line).toBe(false);
  });
});
