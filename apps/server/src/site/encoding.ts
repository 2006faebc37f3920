export type Encoding = "br" | "gzip" | "identity";

/** Our preference when the client accepts several: smallest first. */
const PREFERENCE: Encoding[] = ["br", "gzip"];

/** q-value per coding from an Accept-Encoding header (RFC 9110 §12.5.3); `*` covers the unnamed ones. */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split("=");
      if (k === "q" && v !== undefined) q = Number.parseFloat(v);
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  return weights;
}

/**
 * Picks the precompressed variant to send: the acceptable coding (q > 0) with the highest q among
 * those we have, ties broken by our preference (br before gzip); identity when none is acceptable.
 */
export function chooseEncoding(header: string | undefined, available: ReadonlySet<Encoding>): Encoding {
  if (!header) return "identity";
  const weights = parseAcceptEncoding(header);
  const star = weights.get("*");
  let best: Encoding = "identity";
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (!available.has(coding)) continue;
    const q = weights.get(coding) ?? (coding === "gzip" ? weights.get("x-gzip") : undefined) ?? star ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
