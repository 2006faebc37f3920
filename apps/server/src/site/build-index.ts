import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import {
  CSP_MANIFEST_FILE,
  type CspManifest,
  type PageHashes,
  cacheControlFor,
  contentSecurityPolicy,
  contentTypeFor,
  inlineHashes,
  pagePathOf,
} from "../../../web/scripts/site-headers.mjs";
import type { Encoding } from "./encoding";

/** Files up to this size are held in memory; bigger ones are streamed from disk. */
const MAX_CACHED_BYTES = 1024 * 1024;

export interface Variant {
  absPath: string;
  size: number;
  etag: string;
  /** The bytes, when small enough to keep in memory. */
  body?: Buffer;
}

export interface BuildFile {
  /** Path relative to the client build, forward slashes ("about/index.html"). */
  file: string;
  contentType: string;
  cacheControl: string;
  contentSecurityPolicy: string;
  lastModified: Date;
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
  encodings: ReadonlySet<Encoding>;
}

export interface BuildIndex {
  /** Decoded URL path → file: every servable file ("/assets/x.js") and every page ("/about", "/"). */
  byPath: Map<string, BuildFile>;
  byFile: Map<string, BuildFile>;
  /** CSP for responses that are not one of the build's HTML pages. */
  baseContentSecurityPolicy: string;
}

/** Build-host files that are never served (static-host config). */
const PRIVATE_FILES = new Set(["_headers", "_redirects"]);

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

async function readManifest(clientDir: string): Promise<CspManifest> {
  const manifestPath = path.resolve(clientDir, "..", CSP_MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(manifestPath, "utf8");
  } catch {
    throw new Error(
      `Web build incomplete: ${manifestPath} not found (it is written by apps/web/scripts/postbuild.mjs; run npm run build)`,
    );
  }
  const manifest = JSON.parse(text) as CspManifest;
  if (
    manifest.version !== 2 ||
    typeof manifest.pages !== "object" ||
    !Array.isArray(manifest.connectOrigins)
  ) {
    throw new Error(`Unrecognised CSP manifest at ${manifestPath}`);
  }
  return manifest;
}

/**
 * Indexes the prerendered build once at startup: content types, cache rules, ETags, the precompressed
 * variants beside each file and each HTML page's CSP (from the build's manifest). Requests are answered
 * only from this index, so nothing outside it can ever be read.
 */
export async function indexBuild(
  clientDir: string,
  warn: (msg: string) => void = () => undefined,
): Promise<BuildIndex> {
  const root = path.resolve(clientDir);
  try {
    await stat(path.join(root, "index.html"));
  } catch {
    throw new Error(`Web build not found at ${root} (run npm run build)`);
  }
  const manifest = await readManifest(root);
  const connectOrigins = manifest.connectOrigins;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((f) => !PRIVATE_FILES.has(f) && !f.split("/").some((s) => s.startsWith(".")));
  const all = new Set(files);

  const byPath = new Map<string, BuildFile>();
  const byFile = new Map<string, BuildFile>();
  for (const file of files) {
    if (/\.(br|gz)$/.test(file) && all.has(file.replace(/\.(br|gz)$/, ""))) continue;
    const absPath = path.join(root, file);
    const identity = await variant(absPath, "");
    const variants: BuildFile["variants"] = { identity };
    if (all.has(`${file}.br`)) variants.br = await variant(`${absPath}.br`, "-br");
    if (all.has(`${file}.gz`)) variants.gzip = await variant(`${absPath}.gz`, "-gz");

    let hashes: PageHashes | undefined;
    if (file.endsWith(".html")) {
      hashes = manifest.pages[file];
      if (!hashes) {
        warn(
          `${file} is not in the CSP manifest (stale build?): hashing its inline scripts and styles at startup`,
        );
        hashes = inlineHashes(identity.body?.toString("utf8") ?? (await readFile(absPath, "utf8")));
      }
    }
    const entry: BuildFile = {
      file,
      contentType: contentTypeFor(file),
      cacheControl: cacheControlFor(file),
      contentSecurityPolicy: contentSecurityPolicy({ ...hashes, connectOrigins }),
      lastModified: (await stat(absPath)).mtime,
      variants,
      encodings: new Set(Object.keys(variants) as Encoding[]),
    };
    byFile.set(file, entry);
    const page = pagePathOf(file);
    byPath.set(page ?? `/${file}`, entry);
  }
  return { byPath, byFile, baseContentSecurityPolicy: contentSecurityPolicy({ connectOrigins }) };
}
