import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { imageProblem } from "./image-check";
import { ContentError, type ContentIssue, fieldName, issuesOf } from "./issues";
import { KINDS, KIND_NAMES, type KindName, type RawContent } from "./kinds";
import { resolveContent } from "./resolve";
import { UPLOADS_DIRECTORY, UPLOADS_PUBLIC_PATH } from "./schema/fields";
import type { SiteContent } from "./site-content";

/** The repository's content/ folder (packages/content/src → ../../../content). */
export const DEFAULT_CONTENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../content",
);

/** CONTENT_DIR when set (a publish builds an exported commit), else the repository's content/. */
export const contentDirFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  path.resolve(env.CONTENT_DIR || DEFAULT_CONTENT_DIR);

/** A file's text parsed as YAML (YAML 1.2 core types: no dates, no binary), or why it cannot be. */
export function parseYaml(text: string): { ok: true; data: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, data: yaml.load(text, { schema: yaml.CORE_SCHEMA }) };
  } catch (err) {
    const e = err as { reason?: string; mark?: { line: number; column: number } };
    const where = e.mark ? ` (line ${e.mark.line + 1}, column ${e.mark.column + 1})` : "";
    return { ok: false, message: `is not valid YAML: ${e.reason ?? (err as Error).message}${where}` };
  }
}

/** Checks one kind's file text against its schema: its data, or the issues naming the fields. */
export function validateFile(kind: KindName, text: string): { data: unknown } | { issues: ContentIssue[] } {
  const { file, schema } = KINDS[kind];
  const parsed = parseYaml(text);
  if (!parsed.ok) return { issues: [{ file, path: [], field: "", message: parsed.message }] };
  const result = schema.safeParse(parsed.data);
  if (!result.success) return { issues: issuesOf(file, schema, parsed.data, result.error) };
  return { data: result.data };
}

/**
 * Files that replace what `dir` holds (paths relative to it, e.g. "jobs.yaml", "images/a.png"); null
 * stands for a deleted file. The editor's API validates a save this way before writing it.
 */
export type Overlay = ReadonlyMap<string, Uint8Array | null>;

function readFrom(dir: string, overlay: Overlay | undefined, file: string): Buffer | undefined {
  const replaced = overlay?.get(file);
  if (replaced !== undefined) return replaced === null ? undefined : Buffer.from(replaced);
  const full = path.join(dir, file);
  return existsSync(full) ? readFileSync(full) : undefined;
}

/** The uploaded images the content names must exist and be images (checked by their bytes). */
function checkPhotos(dir: string, raw: RawContent, overlay?: Overlay): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const check = (kind: "services" | "products", list: readonly { photo?: string }[]) => {
    list.forEach((item, i) => {
      if (!item.photo) return;
      const name = item.photo.slice(UPLOADS_PUBLIC_PATH.length);
      const bytes = readFrom(dir, overlay, `${UPLOADS_DIRECTORY}/${name}`);
      const where = [kind, i, "photo"];
      const field = fieldName(KINDS[kind].schema, where, raw[kind]);
      if (!bytes) {
        issues.push({
          file: KINDS[kind].file,
          path: where,
          field,
          message: `${UPLOADS_DIRECTORY}/${name} does not exist`,
        });
        return;
      }
      const problem = imageProblem(bytes, name);
      if (problem)
        issues.push({
          file: KINDS[kind].file,
          path: where,
          field,
          message: `${UPLOADS_DIRECTORY}/${name}: ${problem}`,
        });
    });
  };
  check("services", raw.services.services);
  check("products", raw.products.products);
  return issues;
}

/**
 * Reads and validates every content file of `dir`: the site's content, or a ContentError listing
 * every problem with its file and field. Synchronous: the build and its config read it at load time.
 */
export function loadSiteContent(dir: string, overlay?: Overlay): SiteContent {
  const issues: ContentIssue[] = [];
  const raw: Partial<Record<KindName, unknown>> = {};
  for (const kind of KIND_NAMES) {
    const { file } = KINDS[kind];
    const bytes = readFrom(dir, overlay, file);
    if (!bytes) {
      issues.push({ file, path: [], field: "", message: "is missing" });
      continue;
    }
    const result = validateFile(kind, bytes.toString("utf8"));
    if ("issues" in result) issues.push(...result.issues);
    else raw[kind] = result.data;
  }
  if (issues.length) throw new ContentError(issues);
  const complete = raw as RawContent;
  const photoIssues = checkPhotos(dir, complete, overlay);
  const resolved = resolveContent(complete);
  const all = [...photoIssues, ...("issues" in resolved ? resolved.issues : [])];
  if (all.length || "issues" in resolved) throw new ContentError(all);
  return resolved.content;
}

const cache = new Map<string, SiteContent>();

/** The content of CONTENT_DIR (or content/), read once per process. */
export function siteContent(): SiteContent {
  const dir = contentDirFromEnv();
  let content = cache.get(dir);
  if (!content) {
    content = loadSiteContent(dir);
    cache.set(dir, content);
  }
  return content;
}
