/** Result of turning a raw request target into a decoded path that is safe to look up. */
export type ParsedTarget =
  | { ok: true; path: string; search: string }
  | { ok: false; reason: "malformed" | "traversal" };

/**
 * Splits the raw request target (`/a%26b/?x=1`) into a percent-decoded path and its query string.
 * Rejects malformed escapes and anything that could step outside the build: `.`/`..` segments (raw or
 * encoded), NUL bytes and backslashes. Lookups are against an in-memory index of the build, so this is
 * defence in depth rather than the only guard.
 */
export function parseTarget(rawUrl: string): ParsedTarget {
  const cut = rawUrl.search(/[?#]/);
  const rawPath = cut < 0 ? rawUrl : rawUrl.slice(0, cut);
  const search = cut < 0 || rawUrl[cut] !== "?" ? "" : rawUrl.slice(cut).split("#")[0]!;
  if (!rawPath.startsWith("/")) return { ok: false, reason: "malformed" };
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (path.includes("\0") || path.includes("\\")) return { ok: false, reason: "traversal" };
  if (path.split("/").some((segment) => segment === "." || segment === "..")) {
    return { ok: false, reason: "traversal" };
  }
  return { ok: true, path, search };
}

const SAFE_IN_SEGMENT = /%(2[146789ABC]|3[ABD]|40)/g; // ! $ & ' ( ) * + , : ; = @ stay readable

/** Encodes a decoded path for a Location header (each segment percent-encoded, `/` kept). */
export function encodePath(path: string): string {
  return path
    .split("/")
    .map((segment) => encodeURIComponent(segment).replace(SAFE_IN_SEGMENT, (e) => decodeURIComponent(e)))
    .join("/");
}
