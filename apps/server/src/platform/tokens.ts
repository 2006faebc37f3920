import { createHash, randomBytes } from "node:crypto";

/** A secret for a link or a cookie: 32 random bytes (256 bits), base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256, hex. A leaked table signs nobody in. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
