import {
  ContentError,
  type ContentIssue,
  UPLOADS_DIRECTORY,
  describeIssues,
  imageProblem,
  kindOfFile,
  loadSiteContent,
  validateFile,
} from "@site/content";
import { z } from "zod";

/** What the editor may write: a content file (content/<kind>.yaml) or an uploaded image. */
const IMAGE_PATH = new RegExp(`^${UPLOADS_DIRECTORY}/[a-z0-9][a-z0-9._-]{0,120}\\.(png|jpe?g|webp)$`);

/** Keystatic's save: files to write (base64url contents) and files to delete, relative to content/. */
const updateSchema = z.object({
  additions: z.array(z.object({ path: z.string(), contents: z.string() })).max(50),
  deletions: z.array(z.object({ path: z.string() })).max(50),
});

/** A content file's size at most: refused by its encoded length, before it is decoded or parsed. */
export const CONTENT_FILE_MAX_BYTES = 512 * 1024;

export type UpdateCheck = { ok: true } | { ok: false; status: 400 | 413; message: string };

const refuse = (message: string): UpdateCheck => ({
  ok: false,
  status: 400,
  message: `Not saved: ${message}`,
});

/** The bytes `base64` decodes to, from its length alone (padding aside). */
const decodedSize = (base64: string) => Math.floor((base64.replace(/=+$/, "").length * 3) / 4);

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/**
 * The first content file of a save over 512 KB, judged by its encoded length before anything is decoded
 * or parsed: 413, in words. (An image's 2 MB is imageProblem's, by its bytes: decoding is cheap.)
 */
function oversized(additions: readonly { path: string; contents: string }[]): UpdateCheck | undefined {
  for (const { path, contents } of additions) {
    const size = decodedSize(contents);
    if (kindOfFile(path) && size > CONTENT_FILE_MAX_BYTES) {
      const message = `Not saved: content/${path} is ${megabytes(size)}; a content file may be at most ${megabytes(CONTENT_FILE_MAX_BYTES)}.`;
      return { ok: false, status: 413, message };
    }
  }
  return undefined;
}

/**
 * A file's contents as the editor sends them: its UI sends standard base64 (with `+`, `/` and `=`), its
 * own callers base64url; Keystatic's handler reads both (its base64UrlDecode), and so does this check.
 */
function decode(base64: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) return null;
  return Buffer.from(base64.replace(/-/g, "+").replace(/_/g, "/"), "base64");
}

/**
 * Checks one save of the editor before anything is written (in the editor's thread, editor-thread.ts):
 * no content file over 512 KB, refused before any is decoded; every path is a content file or an
 * image in the image folder (nothing else, nothing outside content/), images are PNG, JPEG or WebP
 * of at most 2 MB by their bytes, and the content as it would be after the save passes the schemas
 * (problems in files this save does not touch are left to a later save or to the publish).
 */
export function checkEditorUpdate(contentDir: string, body: unknown): UpdateCheck {
  const parsed = updateSchema.safeParse(body);
  if (!parsed.success) return refuse("the request is not an editor save.");
  const tooLarge = oversized(parsed.data.additions);
  if (tooLarge) return tooLarge;
  const overlay = new Map<string, Uint8Array | null>();
  for (const { path } of parsed.data.deletions) {
    if (!IMAGE_PATH.test(path)) return refuse(`${path} cannot be deleted (only uploaded images can).`);
    overlay.set(path, null);
  }
  for (const { path, contents } of parsed.data.additions) {
    const bytes = decode(contents);
    if (!bytes) return refuse(`${path} is not encoded as the editor encodes files.`);
    const kind = kindOfFile(path);
    if (kind) {
      const result = validateFile(kind, bytes.toString("utf8"));
      if ("issues" in result) return refuse(`\n${describeIssues(result.issues)}`);
    } else if (IMAGE_PATH.test(path)) {
      const problem = imageProblem(bytes, path);
      if (problem) return refuse(`${path}: ${problem}`);
    } else {
      return refuse(`${path} is not a file the editor may write (content files and images only).`);
    }
    overlay.set(path, bytes);
  }
  const touched = new Set(
    parsed.data.additions.map((a) => a.path).filter((p): p is string => kindOfFile(p) !== undefined),
  );
  let issues: ContentIssue[] = [];
  try {
    loadSiteContent(contentDir, overlay);
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    issues = err.issues.filter((i) => touched.has(i.file));
  }
  if (issues.length) return refuse(`\n${describeIssues(issues)}`);
  return { ok: true };
}
