import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../platform/config/config";
import { buildServer, childEnv, serverDir } from "../../../test/helpers";

// WEBHOOK_SECRET as Standard Webhooks defines a symmetric signing secret: "whsec_", then the base64 of
// 24 to 64 random bytes. Anything else stops the start with a message that says what is wrong.

const secret = (bytes: number, encoding: "base64" | "base64url" = "base64") =>
  `whsec_${randomBytes(bytes).toString(encoding)}`;
const withSecret = (WEBHOOK_SECRET: string) =>
  loadConfig({ WEBHOOK_URL: "https://hooks.example.com/leads", WEBHOOK_SECRET });

describe("WEBHOOK_SECRET", () => {
  it("takes whsec_ and the base64 of 24 to 64 bytes", () => {
    for (const n of [24, 32, 50, 64]) expect(withSecret(secret(n)).WEBHOOK_SECRET).toMatch(/^whsec_/);
  });

  it("refuses anything else, saying why and how to make one", () => {
    const refused: [string, RegExp][] = [
      [secret(23), /WEBHOOK_SECRET: decodes to 23 bytes: Standard Webhooks asks for 24 to 64/],
      [secret(65), /decodes to 65 bytes/],
      [secret(16), /decodes to 16 bytes/],
      [secret(32).slice("whsec_".length), /must start with "whsec_"/],
      [`whsec_${"A".repeat(33)}`, /must be "whsec_" then standard base64/], // not a whole number of bytes
      [`${secret(32).slice(0, -1)}`, /standard base64/], // padding cut off
      [`whsec_${"-_".repeat(20)}`, /standard base64/], // base64url's alphabet
      [`${secret(32)} `, /standard base64/],
    ];
    for (const [value, message] of refused) {
      expect(() => withSecret(value), value).toThrow(message);
      expect(() => withSecret(value)).toThrow(/make one with: node -e/);
    }
    // The secret itself is never repeated in the message.
    const bad = secret(65);
    expect(() => withSecret(bad)).not.toThrow(bad.slice(6, 20));
  });

  describe("at start (built main.js)", () => {
    beforeAll(() => buildServer());

    it("stops the server with the message alone, and status 1", () => {
      const r = spawnSync(process.execPath, [path.join(serverDir, "dist", "main.js")], {
        env: childEnv({
          ROLE: "contact",
          DATABASE_URL: `sqlite:${path.join(tmpdir(), "never-opened", "leads.sqlite")}`,
          WEBHOOK_URL: "https://hooks.example.com/leads",
          WEBHOOK_SECRET: secret(65),
        }),
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^Invalid configuration:\n {2}WEBHOOK_SECRET: decodes to 65 bytes/);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(r.stdout).toBe("");
    });
  });
});
