// Per-file rules of the client build: Content-Type, Cache-Control and whether a precompressed copy is
// worth writing. The site server sends them; the build writes them into the static-host configs.

export const CACHE_HTML = "no-cache";
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
export const CACHE_STATIC = "public, max-age=3600";

/** Content-Type by extension, for the site server and for the static-host configs. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  // React Router's turbo-stream payloads; the framework's own server answers .data with this type.
  ".data": "text/x-script",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

/** Files worth precompressing (text formats); images and fonts are already compressed. */
const COMPRESSIBLE_EXTENSIONS = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".webmanifest",
  ".txt",
  ".xml",
  ".data",
  ".map",
  ".ico",
]);

/** The lower-cased extension of a path's last segment (".html"), or "" (also for dotfiles). */
export function extensionOf(file: string): string {
  const base = file.slice(file.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot).toLowerCase();
}

/** Content-Type of a build file, by extension. */
export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[extensionOf(file)] ?? "application/octet-stream";
}

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(extensionOf(file));
}

/** Cache-Control of a build file (path relative to the client build, forward slashes). */
export function cacheControlFor(file: string): string {
  const ext = extensionOf(file);
  if (ext === ".html" || ext === ".data") return CACHE_HTML; // not content-hashed: always revalidate
  if (file.startsWith("assets/")) return CACHE_IMMUTABLE; // Vite's content-hashed output
  return CACHE_STATIC;
}
