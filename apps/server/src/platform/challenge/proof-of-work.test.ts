// The challenge's checks, each refusal on its own: real challenges issued and solved with altcha-lib
// in Node (at test cost), then sent as they are, tampered with, late, or not at all.
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Challenge } from "altcha-lib/types";
import { afterEach, describe, expect, it, vi } from "vitest";
import { encodePayload, solve } from "../../../test/challenge-helpers";
import { CHALLENGE_TTL_MS } from "@site/contracts";
import { CHALLENGE_TRIES, ProofOfWork } from "./proof-of-work";

const secret = (text: string) => async () => Buffer.from(text.padEnd(32, "."));
const pow = new ProofOfWork(secret("one"), 1);

/** A solved challenge's parts, to send as they are or changed. */
async function solved(by = pow) {
  const challenge = await by.issue();
  const solution = (await solveChallenge({ challenge, deriveKey }))!;
  return { challenge, solution };
}

describe("the proof-of-work challenge", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("issues PBKDF2-SHA-256 challenges of the configured cost, signed, with a key signature and an expiry", async () => {
    const before = Date.now();
    const { parameters, signature } = await new ProofOfWork(secret("one"), 5000).issue();
    expect(parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 5000, keyLength: 32 });
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.expiresAt! * 1000).toBeGreaterThanOrEqual(
      Math.floor(before / 1000) * 1000 + CHALLENGE_TTL_MS,
    );
    expect(parameters.expiresAt! * 1000).toBeLessThanOrEqual(Date.now() + CHALLENGE_TTL_MS);
  });

  it("takes the work of 100 to 200 tries: the solving counter is drawn in that range", async () => {
    const counters = [];
    for (let i = 0; i < 20; i++) counters.push((await solved()).solution.counter);
    for (const n of counters) {
      expect(n).toBeGreaterThanOrEqual(CHALLENGE_TRIES.min);
      expect(n).toBeLessThanOrEqual(CHALLENGE_TRIES.max);
    }
    expect(new Set(counters).size).toBeGreaterThan(1);
  });

  it("accepts a solved challenge, naming its nonce (what is spent) and its expiry", async () => {
    const { challenge, solution } = await solved();
    const proof = await pow.check(encodePayload({ challenge, solution }));
    expect(proof).toEqual({
      ok: true,
      id: challenge.parameters.nonce,
      expiresAt: new Date(challenge.parameters.expiresAt! * 1000),
    });
    // Checking does not spend: the same payload checks again (spent-challenges.ts refuses a replay).
    expect((await pow.check(encodePayload({ challenge, solution }))).ok).toBe(true);
  });

  it("another instance with the same key accepts it; one with another key refuses it", async () => {
    const payload = await solve(await pow.issue());
    expect((await new ProofOfWork(secret("one"), 1).check(payload)).ok).toBe(true);
    expect(await new ProofOfWork(secret("two"), 1).check(payload)).toEqual({
      ok: false,
      refusal: "challenge_invalid",
    });
  });

  it("calls an absent solution missing", async () => {
    for (const value of [undefined, null, ""]) {
      expect(await pow.check(value)).toEqual({ ok: false, refusal: "challenge_missing" });
    }
  });

  it("refuses a wrong solution, a changed parameter, a changed or missing signature", async () => {
    const { challenge, solution } = await solved();
    const p = challenge.parameters;
    const changed = (parameters: Partial<Challenge["parameters"]>, signature = challenge.signature) => ({
      challenge: { parameters: { ...p, ...parameters }, signature },
      solution,
    });
    // The derived key is the proof (checked against its signature); the counter that found it is not.
    const cases = {
      "another derived key": { challenge, solution: { ...solution, derivedKey: "00".repeat(32) } },
      "another cost": changed({ cost: p.cost + 1 }),
      "a later expiry": changed({ expiresAt: p.expiresAt! + 3600 }),
      "another key prefix": changed({ keyPrefix: "00".repeat(16) }),
      "another key signature": changed({ keySignature: "ab".repeat(32) }),
      "another nonce": changed({ nonce: "cd".repeat(16) }),
      "a forged signature": changed({}, "ef".repeat(32)),
      "no signature": { challenge: { parameters: p }, solution },
      "no key signature": {
        challenge: { parameters: { ...p, keySignature: undefined }, signature: challenge.signature },
        solution,
      },
      "another algorithm": changed({ algorithm: "SHA-256" }),
      "an extra parameter": { challenge: { ...challenge, parameters: { ...p, data: { a: 1 } } }, solution },
    };
    for (const [name, payload] of Object.entries(cases)) {
      expect(await pow.check(encodePayload(payload)), name).toEqual({
        ok: false,
        refusal: "challenge_invalid",
      });
    }
  });

  it("refuses what is not a payload at all", async () => {
    const good = await solve(await pow.issue());
    // The same bytes in a base64 that is not canonical: padding left out, or a dangling character.
    const loose = good.endsWith("=") ? good.replace(/=+$/, "") : `${good}A`;
    const values = [
      loose,
      42,
      true,
      {},
      [good],
      { challenge: {}, solution: {} },
      "not base64!",
      "e30=", // {}
      Buffer.from("[1,2]").toString("base64"),
      Buffer.from("not json").toString("base64"),
      good.slice(0, -8),
      `${good}A`,
      "A".repeat(4096),
      good.replace(/[A-Za-z]/, (c) => (c === "A" ? "B" : "A")),
    ];
    for (const value of values) {
      expect(await pow.check(value), String(value).slice(0, 40)).toEqual({
        ok: false,
        refusal: "challenge_invalid",
      });
    }
  });

  it("calls a solution expired once its challenge is older than the TTL (fake clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T09:00:00Z") });
    const payload = await solve(await pow.issue());
    vi.setSystemTime(new Date("2026-03-02T09:00:00Z").getTime() + CHALLENGE_TTL_MS - 1000);
    expect((await pow.check(payload)).ok).toBe(true);
    vi.setSystemTime(new Date("2026-03-02T09:00:00Z").getTime() + CHALLENGE_TTL_MS + 1000);
    expect(await pow.check(payload)).toEqual({ ok: false, refusal: "challenge_expired" });
  });
});
