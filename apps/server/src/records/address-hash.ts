import { createHash } from "node:crypto";

/** How an address is remembered where it must be recognised (the autoreply limit, a booking's day): a hash, never the address. */
export function addressHash(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}
