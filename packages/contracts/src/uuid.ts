/**
 * A UUIDv7 (RFC 9562): the 48-bit Unix time in milliseconds, then 74 of the 128 given random bits
 * (`random`: 16 bytes from a CSPRNG). Sortable by creation time, so keys made one after another land
 * side by side in a b-tree index (a random UUIDv4 key dirties a different index page each time), and
 * unguessable (2^74 possibilities per millisecond). Lead ids and the site's Idempotency-Keys use it.
 */
export function uuidV7(random: Uint8Array, ms: number): string {
  const b = Uint8Array.from(random.subarray(0, 16));
  if (b.length !== 16) throw new RangeError("uuidV7 needs 16 random bytes");
  let t = Math.max(0, Math.floor(ms));
  for (let i = 5; i >= 0; i--) {
    b[i] = t % 256;
    t = Math.floor(t / 256);
  }
  b[6] = (b[6]! & 0x0f) | 0x70; // version 7
  b[8] = (b[8]! & 0x3f) | 0x80; // variant 10
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID_V7_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
