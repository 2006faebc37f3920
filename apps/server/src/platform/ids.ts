import { uuidV7 } from "@site/contracts/uuid";
import { randomBytes } from "node:crypto";

/** A lead's id: a UUIDv7 (time-ordered, unguessable) from the CSPRNG. */
export function newLeadId(now: Date = new Date()): string {
  return uuidV7(randomBytes(16), now.getTime());
}
