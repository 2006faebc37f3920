import { z } from "./zod";

/** Every API route of the desk lives under this prefix; anything else is the single-page app. */
export const DESK_API_PREFIX = "/api/";

/** The session cookie: HttpOnly, SameSite=Strict, Path=/, Secure when the desk is served over https. */
export const DESK_SESSION_COOKIE = "desk_session";

export const staffSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type Staff = z.infer<typeof staffSchema>;

/** GET /api/session: the signed-in member, or null. */
export const sessionProbeSchema = z.object({ staff: staffSchema.nullable() });
export type SessionProbe = z.infer<typeof sessionProbeSchema>;

/** GET /api/staff: current members (the assignee picker). */
export const staffListSchema = z.object({ staff: z.array(staffSchema) });

/** 43 base64url characters: 32 random bytes. */
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Not an enrolment token.");

/**
 * A WebAuthn response as @simplewebauthn/browser sends it. Only its outline is checked here; the
 * server's @simplewebauthn/server verifies every byte of it.
 */
const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
export const credentialResponseSchema = z.looseObject({
  id: b64url.min(1).max(1366),
  rawId: b64url,
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: b64url }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

export const enrolOptionsRequestSchema = z.object({ token });
export const enrolVerifyRequestSchema = z.object({ token, response: credentialResponseSchema });
export const signInOptionsRequestSchema = z.object({
  /** Optional: without it the browser offers the passkeys it holds for the desk (discoverable). */
  email: z.string().trim().max(254).optional(),
});
export const signInVerifyRequestSchema = z.object({ response: credentialResponseSchema });

/** The options a ceremony starts with (PublicKeyCredentialCreation/RequestOptionsJSON). */
export const ceremonyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });
/** A finished ceremony: the member is signed in (the cookie is set). */
export const signedInSchema = z.object({ staff: staffSchema });

/** Every error of the desk API. */
export const deskErrorSchema = z.object({ error: z.string(), message: z.string() });
export type DeskError = z.infer<typeof deskErrorSchema>;
