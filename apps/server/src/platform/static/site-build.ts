import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import {
  SITE_MANIFEST_FILE,
  STATIC_HOST_FILES,
  type SiteManifest,
  cacheControlFor,
  contentSecurityPolicy,
  contentTypeFor,
  pagePathOf,
  siteManifestSchema,
} from "@site/site-policy";

/** Files up to this size are held in memory; bigger ones are streamed from disk. */
const MAX_CACHED_BYTES = 1024 * 1024;

type Encoding = "br" | "gzip";

/** The build's precompressed copies: content coding, file extension and ETag suffix, br first. */
const COPIES: [encoding: Encoding, extension: string, tag: string][] = [
  ["br", ".br", "-br"],
  ["gzip", ".gz", "-gz"],
];

/** One representation of a file: the file itself or one of its precompressed copies. */
interface Variant {
  absPath: string;
  size: number;
  /** Strong ETag of these bytes, so one per encoding. */
  etag: string;
  /** The bytes, when small enough to keep in memory. */
  body?: Buffer;
}

/** One servable file of the client build and the headers it is sent with. */
export interface SiteFile {
  /** Path relative to the client build, forward slashes ("about/index.html"). */
  file: string;
  contentType: string;
  cacheControl: string;
  contentSecurityPolicy: string;
  lastModified: Date;
  identity: Variant;
  compressed: Partial<Record<Encoding, Variant>>;
  /** The encodings of its precompressed copies, br first (the response varies on Accept-Encoding). */
  encodings: Encoding[];
}

async function variant(absPath: string, tag: string): Promise<Variant> {
  const body = await readFile(absPath);
  const digest = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return {
    absPath,
    size: body.length,
    etag: `"${digest}${tag}"`,
    body: body.length <= MAX_CACHED_BYTES ? body : undefined,
  };
}

/**
 * One file of a client build (path relative to `root`, forward slashes) with its precompressed copies
 * when `all` lists them, its content type and cache rule, and the CSP it is sent with.
 */
export async function loadBuildFile(
  root: string,
  file: string,
  all: ReadonlySet<string>,
  csp: string,
): Promise<SiteFile> {
  const absPath = path.join(root, file);
  const compressed: SiteFile["compressed"] = {};
  for (const [encoding, extension, tag] of COPIES) {
    if (all.has(file + extension)) compressed[encoding] = await variant(absPath + extension, tag);
  }
  return {
    file,
    contentType: contentTypeFor(file),
    cacheControl: cacheControlFor(file),
    contentSecurityPolicy: csp,
    lastModified: (await stat(absPath)).mtime,
    identity: await variant(absPath, ""),
    compressed,
    encodings: COPIES.map(([encoding]) => encoding).filter((e) => compressed[e]),
  };
}

export interface SiteBuild {
  /** Decoded URL path → file: every servable file ("/assets/x.js") and every page ("/about", "/"). */
  byPath: Map<string, SiteFile>;
  byFile: Map<string, SiteFile>;
  /** "/services/" etc.: one unknown segment below one of them gets the SPA fallback. */
  dynamicRoutePrefixes: readonly string[];
  /** CSP of every response that is not one of the build's HTML files. */
  baseContentSecurityPolicy: string;
}

export const COMPRESSED_COPY = /\.(br|gz)$/;

async function readManifest(root: string): Promise<SiteManifest> {
  const file = path.resolve(root, "..", SITE_MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new Error(`Web build incomplete: ${file} not found (the web build writes it; run npm run build)`);
  }
  let parsed;
  try {
    parsed = siteManifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new Error(`${file} is not valid JSON (run npm run build)`);
  }
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(
      `${file} is not a site manifest this server reads (${issues.join("; ")}); run npm run build`,
    );
  }
  return parsed.data;
}

/** Every file of the build that may be served: no dotfiles, no static-host config (forward slashes). */
export async function listServable(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch {
    throw new Error(`Web build not found at ${root} (run npm run build)`);
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((f) => !STATIC_HOST_FILES.includes(f) && !f.split("/").some((s) => s.startsWith(".")));
}

/**
 * Reads the client build and its site manifest once at start-up: what each URL path serves, with its
 * content type, cache rule, CSP (each HTML page's own inline hashes), precompressed copies and ETags.
 * Requests are answered from this map only, so no URL can reach a file outside it. A page the manifest does not
 * know means the manifest is older than the build: that stops the server rather than serve a page
 * whose inline scripts its CSP would block.
 */
export async function loadSiteBuild(clientDir: string): Promise<SiteBuild> {
  const root = path.resolve(clientDir);
  const files = await listServable(root);
  const all = new Set(files);
  if (!all.has("index.html")) throw new Error(`Web build not found at ${root} (run npm run build)`);
  const { connectOrigins, dynamicRoutePrefixes, pages } = await readManifest(root);

  const byPath = new Map<string, SiteFile>();
  const byFile = new Map<string, SiteFile>();
  for (const file of files) {
    if (COMPRESSED_COPY.test(file) && all.has(file.replace(COMPRESSED_COPY, ""))) continue;
    const hashes = file.endsWith(".html") ? pages[file] : undefined;
    if (file.endsWith(".html") && !hashes) {
      throw new Error(
        `${file} is not in ${SITE_MANIFEST_FILE}: the manifest is older than the build (run npm run build)`,
      );
    }
    const csp = contentSecurityPolicy({ ...hashes, connectOrigins });
    const entry = await loadBuildFile(root, file, all, csp);
    byFile.set(file, entry);
    byPath.set(pagePathOf(file) ?? `/${file}`, entry);
  }
  return {
    byPath,
    byFile,
    dynamicRoutePrefixes,
    baseContentSecurityPolicy: contentSecurityPolicy({ connectOrigins }),
  };
}
