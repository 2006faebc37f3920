// The proof-of-work challenge (ALTCHA, issue 33): issued to a page, solved by the visitor's browser
// while they fill in a form, checked here with the HMAC key every instance shares. altcha-lib does the
// cryptography; this module picks its settings, reads the wire format and names each refusal.
// Spending a solution (accepting it once) is spent-challenges.ts's.
import { type ChallengeRefusal, CHALLENGE_FIELD, CHALLENGE_TTL_MS } from "@site/contracts";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Challenge } from "altcha-lib/types";
import type { Kysely } from "kysely";
import { createHmac } from "node:crypto";
import { z } from "zod";
import { systemClock } from "../clock";
import type { DB } from "../db/schema";
import { serverSecretOnce } from "../db/server-secrets";

/** WebCrypto runs it natively in every engine, off the page's script (decision 0023). */
const CHALLENGE_ALGORITHM = "PBKDF2/SHA-256";
/**
 * The browser tries counters from 0 up to the one drawn here (ALTCHA's deterministic mode), each try
 * one PBKDF2 of CHALLENGE_COST iterations: 100 to 200 tries, so the work is bounded and never a long tail.
 */
export const CHALLENGE_TRIES = { min: 100, max: 200 } as const;
const SECRET_NAME = "challenge-hmac";

/** What a solution is worth: accepted (its challenge's id, to spend once), or why not. */
export type Proof = { ok: true; id: string; expiresAt: Date } | { ok: false; refusal: ChallengeRefusal };

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^(?:[0-9a-f]{2})+$/);

/** ALTCHA's payload as this server issues it: every parameter named, the key signature required. */
const payloadSchema = z.object({
  challenge: z.strictObject({
    parameters: z.strictObject({
      algorithm: z.literal(CHALLENGE_ALGORITHM),
      cost: z.number().int().positive(),
      expiresAt: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: hex(128),
      keySignature: hex(128),
      nonce: hex(64),
      salt: hex(64),
    }),
    signature: hex(128),
  }),
  solution: z.object({ counter: z.number().int().min(0).max(0xffffffff), derivedKey: hex(128) }),
});

/** A base64 payload is a few hundred characters; anything longer is not one of ours. */
const PAYLOAD_MAX = 2048;

function decode(value: unknown): z.infer<typeof payloadSchema> | undefined {
  if (typeof value !== "string" || value.length > PAYLOAD_MAX || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    return undefined;
  }
  // Canonical base64 only (as btoa writes it): Node's decoder skips a dangling character, so `${good}A`
  // would otherwise read as the good payload.
  const bytes = Buffer.from(value, "base64");
  if (bytes.toString("base64") !== value) return undefined;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(bytes.toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Two keys for altcha-lib (the challenge's signature and the derived key's), from the one secret. */
const keysOf = (secret: Buffer) => ({
  hmacSignatureSecret: createHmac("sha256", secret).update("altcha-signature").digest("hex"),
  hmacKeySignatureSecret: createHmac("sha256", secret).update("altcha-key-signature").digest("hex"),
});

export class ProofOfWork {
  constructor(
    private readonly secret: () => Promise<Buffer>,
    private readonly cost: number,
  ) {}

  /**
   * A new challenge. The server derives the key of the drawn counter once (one PBKDF2 of `cost`
   * iterations, on libuv's thread pool) and signs it, so checking a solution is two HMACs.
   */
  async issue(): Promise<Challenge> {
    return createChallenge({
      algorithm: CHALLENGE_ALGORITHM,
      cost: this.cost,
      counter: randomInt(CHALLENGE_TRIES.max, CHALLENGE_TRIES.min),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      ...keysOf(await this.secret()),
    });
  }

  /**
   * What the body's CHALLENGE_FIELD proves: missing, invalid (not a payload of ours, a wrong or changed
   * signature, a wrong solution), expired, or a solution to spend. It is not spent here.
   */
  async check(value: unknown): Promise<Proof> {
    if (value === undefined || value === null || value === "")
      return { ok: false, refusal: "challenge_missing" };
    const payload = decode(value);
    if (!payload) return { ok: false, refusal: "challenge_invalid" };
    const { parameters } = payload.challenge;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        ...keysOf(await this.secret()),
      });
      if (result.verified) {
        return { ok: true, id: parameters.nonce, expiresAt: new Date(parameters.expiresAt * 1000) };
      }
      return { ok: false, refusal: result.expired ? "challenge_expired" : "challenge_invalid" };
    } catch {
      return { ok: false, refusal: "challenge_invalid" };
    }
  }
}

/** The body's solution, whatever the route's schema made of the rest. */
export const solutionOf = (body: unknown): unknown =>
  (body as Record<string, unknown> | null)?.[CHALLENGE_FIELD];

const perDatabase = new WeakMap<Kysely<DB>, Map<string, ProofOfWork>>();

/**
 * The process's challenge for one database: CHALLENGE_SECRET when set, otherwise the key kept in the
 * database (the same for every instance on it), loaded once and shared by the routes that check it.
 */
export function proofOfWorkFor(
  db: Kysely<DB>,
  config: { CHALLENGE_SECRET?: string | undefined; CHALLENGE_COST: number },
): ProofOfWork {
  const settings = `${config.CHALLENGE_COST}\n${config.CHALLENGE_SECRET ?? ""}`;
  const known = perDatabase.get(db) ?? new Map<string, ProofOfWork>();
  perDatabase.set(db, known);
  let pow = known.get(settings);
  if (!pow) {
    pow = new ProofOfWork(
      serverSecretOnce(db, SECRET_NAME, config.CHALLENGE_SECRET, systemClock),
      config.CHALLENGE_COST,
    );
    known.set(settings, pow);
  }
  return pow;
}
