// The WebAuthn ceremonies (@simplewebauthn/server): enrolment registers a passkey through a
// single-use link; sign-in verifies one. Challenges live in the database, single-use, 5 minutes.
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Staff } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema";
import { recordAudit, staffActor } from "../records/audit";
import { hashToken } from "../platform/tokens";

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** WebAuthn's relying party: the desk's origin (DESK_URL) and its host name. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingParty(deskUrl: string): RelyingParty {
  const u = new URL(deskUrl);
  return { id: u.hostname, name: "Lead desk", origin: u.origin };
}

/** A ceremony refused for a reason the person can act on (answered 400 with `code`). */
export class CeremonyError extends Error {
  constructor(
    readonly code: "enrolment_link_invalid" | "passkey_not_accepted" | "passkey_unknown",
    message: string,
  ) {
    super(message);
  }
}

async function storeChallenge(
  db: Kysely<DB>,
  challenge: string,
  purpose: "enrol" | "sign-in",
  enrolmentHash: string | null,
  now: Date,
) {
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("webauthn_challenges")
    .values({
      challenge,
      purpose,
      enrolment_hash: enrolmentHash,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    })
    .execute();
}

/** True once per challenge we issued for this purpose (and enrolment) that has not expired. */
async function consumeChallenge(
  db: Kysely<DB>,
  challenge: string,
  purpose: "enrol" | "sign-in",
  enrolmentHash: string | null,
  now: Date,
): Promise<boolean> {
  let q = db
    .deleteFrom("webauthn_challenges")
    .where("challenge", "=", challenge)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString());
  q = enrolmentHash === null ? q : q.where("enrolment_hash", "=", enrolmentHash);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** The member an unused, unexpired enrolment link belongs to. */
async function enrolmentOf(db: Kysely<DB>, tokenHash: string, now: Date): Promise<Staff> {
  const row = await db
    .selectFrom("enrolments")
    .innerJoin("staff", "staff.id", "enrolments.staff_id")
    .select(["staff.id", "staff.email", "staff.name"])
    .where("enrolments.token_hash", "=", tokenHash)
    .where("enrolments.used_at", "is", null)
    .where("enrolments.expires_at", ">", now.toISOString())
    .where("staff.removed_at", "is", null)
    .executeTakeFirst();
  if (!row) {
    throw new CeremonyError(
      "enrolment_link_invalid",
      "This enrolment link is not valid: it was used already, has expired or was replaced. Ask for a new invitation.",
    );
  }
  return row;
}

export async function enrolmentOptions(db: Kysely<DB>, rp: RelyingParty, token: string, now: Date) {
  const tokenHash = hashToken(token);
  const staff = await enrolmentOf(db, tokenHash, now);
  const existing = await db
    .selectFrom("passkeys")
    .select(["id", "transports"])
    .where("staff_id", "=", staff.id)
    .execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: staff.email,
    userDisplayName: staff.name,
    userID: new TextEncoder().encode(staff.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) })),
    // Discoverable: signing in later needs no e-mail typed.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await storeChallenge(db, options.challenge, "enrol", tokenHash, now);
  return options;
}

/** Registers the passkey, uses up the link; the caller starts the session. */
export async function finishEnrolment(
  db: Kysely<DB>,
  rp: RelyingParty,
  token: string,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<Staff> {
  const tokenHash = hashToken(token);
  const staff = await enrolmentOf(db, tokenHash, now);
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: (c) => consumeChallenge(db, c, "enrol", tokenHash, now),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((err: unknown) => {
    throw new CeremonyError(
      "passkey_not_accepted",
      `The passkey was not accepted: ${(err as Error).message}`,
    );
  });
  if (!result.verified) throw new CeremonyError("passkey_not_accepted", "The passkey was not accepted.");
  const { credential } = result.registrationInfo;
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("enrolments")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) await enrolmentOf(trx, tokenHash, now); // throws
    await trx
      .insertInto("passkeys")
      .values({
        id: credential.id,
        staff_id: staff.id,
        public_key: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        created_at: now.toISOString(),
        last_used_at: now.toISOString(),
      })
      .execute();
    await recordAudit(trx, { ...staffActor(staff), action: "staff.enrol" }, now);
  });
  return staff;
}

/** With an e-mail, that member's passkeys are allowed; without, the browser offers its own. */
export async function signInOptions(db: Kysely<DB>, rp: RelyingParty, email: string | undefined, now: Date) {
  const allow = email
    ? await db
        .selectFrom("passkeys")
        .innerJoin("staff", "staff.id", "passkeys.staff_id")
        .select(["passkeys.id", "passkeys.transports"])
        .where("staff.email", "=", email.trim().toLowerCase())
        .where("staff.removed_at", "is", null)
        .execute()
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "preferred",
    allowCredentials: allow.map((p) => ({
      id: p.id,
      transports: JSON.parse(p.transports) as AuthenticatorTransport[],
    })),
  });
  await storeChallenge(db, options.challenge, "sign-in", null, now);
  return options;
}

export async function finishSignIn(
  db: Kysely<DB>,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<Staff> {
  const passkey = await db
    .selectFrom("passkeys")
    .innerJoin("staff", "staff.id", "passkeys.staff_id")
    .select([
      "passkeys.id as credentialId",
      "passkeys.public_key",
      "passkeys.counter",
      "passkeys.transports",
      "staff.id",
      "staff.email",
      "staff.name",
    ])
    .where("passkeys.id", "=", response.id)
    .where("staff.removed_at", "is", null)
    .executeTakeFirst();
  if (!passkey) {
    throw new CeremonyError("passkey_unknown", "This passkey does not belong to a member of the desk.");
  }
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: (c) => consumeChallenge(db, c, "sign-in", null, now),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
      counter: Number(passkey.counter),
      transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
    },
  }).catch((err: unknown) => {
    throw new CeremonyError(
      "passkey_not_accepted",
      `The passkey was not accepted: ${(err as Error).message}`,
    );
  });
  if (!result.verified) throw new CeremonyError("passkey_not_accepted", "The passkey was not accepted.");
  const staff = { id: passkey.id, email: passkey.email, name: passkey.name };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("passkeys")
      .set({ counter: result.authenticationInfo.newCounter, last_used_at: now.toISOString() })
      .where("id", "=", passkey.credentialId)
      .execute();
    await recordAudit(trx, { ...staffActor(staff), action: "staff.sign-in" }, now);
  });
  return staff;
}
