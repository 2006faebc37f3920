import {
  DESK_MANIFEST_FILE,
  deskContentSecurityPolicy,
  deskManifestSchema,
  editorContentSecurityPolicy,
} from "@site/site-policy";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { COMPRESSED_COPY, listServable, loadBuildFile, type SiteFile } from "../platform/static/site-build";

/** The desk's client build (apps/desk/build/client), held in memory like the site's. */
export interface DeskBuild {
  /** "/assets/x.js", "/favicon.svg", "/index.html" → file. */
  byPath: Map<string, SiteFile>;
  /** The single-page app's document: every page path of the desk. */
  index: SiteFile;
  /** The CSP of every response (index.html's inline hashes included). */
  contentSecurityPolicy: string;
  /** The content editor's page (/keystatic…): looser styles, framed by the desk only (site-policy). */
  editorContentSecurityPolicy: string;
}

/**
 * Reads the desk build and its manifest, or returns why it cannot (no build yet): the API still
 * works and pages answer 503 saying how to build. A manifest that does not parse stops the server.
 */
export async function loadDeskBuild(clientDir: string): Promise<DeskBuild | { missing: string }> {
  const root = path.resolve(clientDir);
  const manifestFile = path.resolve(root, "..", DESK_MANIFEST_FILE);
  if (!existsSync(path.join(root, "index.html")) || !existsSync(manifestFile)) {
    return { missing: `no desk build at ${root} (run npm run build)` };
  }
  const manifest = deskManifestSchema.parse(JSON.parse(await readFile(manifestFile, "utf8")));
  const csp = deskContentSecurityPolicy(manifest);
  const files = await listServable(root);
  const all = new Set(files);
  const byPath = new Map<string, SiteFile>();
  for (const file of files) {
    if (COMPRESSED_COPY.test(file) && all.has(file.replace(COMPRESSED_COPY, ""))) continue;
    byPath.set(`/${file}`, await loadBuildFile(root, file, all, csp));
  }
  return {
    byPath,
    index: byPath.get("/index.html")!,
    contentSecurityPolicy: csp,
    editorContentSecurityPolicy: editorContentSecurityPolicy(manifest),
  };
}
