// The desk's HTTP policy (issue 16): the manifest its build writes beside build/client (the inline
// hashes of its one HTML file), and its Content-Security-Policy. The desk build writes the manifest;
// the server's desk role reads it and sends the policy.
import { z } from "zod";

/** File name of the desk manifest, beside the desk's client build directory. */
export const DESK_MANIFEST_FILE = "desk-manifest.json";

export const deskManifestSchema = z.object({
  version: z.literal(1),
  /** Hash sources of index.html's inline scripts and styles (React Router's SPA boot). */
  scriptHashes: z.array(z.string()),
  styleHashes: z.array(z.string()),
});
export type DeskManifest = z.infer<typeof deskManifestSchema>;

/**
 * The desk's own CSP, stricter than the site's: scripts and styles only from the desk's origin plus
 * the hashes of index.html's inline elements (never 'unsafe-inline', not even for style attributes:
 * React sets styles through the CSSOM, which CSP does not govern), API calls to itself only, no
 * framing, no plugins, forms posting only to itself.
 */
export function deskContentSecurityPolicy({
  scriptHashes,
  styleHashes,
}: Omit<DeskManifest, "version">): string {
  return [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scriptHashes],
    ["style-src", "'self'", ...styleHashes],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'"],
  ]
    .map((d) => d.join(" "))
    .join("; ");
}

/** The content editor's document (Keystatic's admin UI): the desk's pages that start with this. */
export const EDITOR_PATH = "/keystatic";

/**
 * The content editor's CSP: the desk's, with what its library needs and nothing more (decision record
 * 0017). Its UI kit writes its styles into <style> elements at run time (Emotion), so style-src allows
 * inline styles ('unsafe-inline' only works without hashes beside it); image previews are blob: URLs;
 * the desk's Content screen frames it ('self' only). Scripts stay the desk's: no inline script, no
 * eval, no other origin, and connect-src stays 'self' (no request leaves the desk).
 */
export function editorContentSecurityPolicy({ scriptHashes }: Omit<DeskManifest, "version">): string {
  return [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scriptHashes],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'self'"],
    ["form-action", "'self'"],
  ]
    .map((d) => d.join(" "))
    .join("; ");
}
