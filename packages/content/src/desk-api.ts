import { z } from "zod";

// The desk's content API (GET /api/content, POST /api/content/publish, POST /api/content/restore):
// one definition for the server's routes and the desk's Content screen.

export const PUBLISH_STATUSES = ["queued", "building", "live", "failed", "superseded", "replaced"] as const;

const issueSchema = z.object({
  file: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
  field: z.string(),
  message: z.string(),
});

/** Why a publish's build failed: in words, with each content problem's file and field, or the build's last lines. */
export const buildErrorSchema = z.object({
  message: z.string(),
  issues: z.array(issueSchema).optional(),
  log: z.string().optional(),
});
export type BuildError = z.infer<typeof buildErrorSchema>;

export const publishSchema = z.object({
  id: z.string(),
  commit: z.string(),
  kind: z.enum(["publish", "restore"]),
  restoredFrom: z.string().nullable(),
  author: z.object({ name: z.string(), email: z.string() }),
  message: z.string(),
  files: z.array(z.string()),
  createdAt: z.string(),
  status: z.enum(PUBLISH_STATUSES),
  buildStartedAt: z.string().nullable(),
  buildFinishedAt: z.string().nullable(),
  error: buildErrorSchema.nullable(),
  pushError: z.string().nullable(),
});
export type PublishRecord = z.infer<typeof publishSchema>;

export const fileChangeSchema = z.object({
  file: z.string(),
  /** What the file holds, in the editor's words ("Jobs", "Image"). */
  label: z.string(),
  change: z.enum(["added", "changed", "deleted"]),
});

/** GET /api/content: what is unpublished, building, live and failed, and the history. */
export const contentStateSchema = z.object({
  /** The server's clock, for the elapsed time of a build. */
  now: z.string(),
  /** Saved in the editor, not published yet (files relative to content/). */
  changes: z.array(fileChangeSchema),
  live: publishSchema.nullable(),
  building: publishSchema.nullable(),
  queued: z.array(publishSchema),
  /** The latest publish that failed after the live one went live, if any. */
  failed: publishSchema.nullable(),
  /** Every publish and restore, newest first. */
  history: z.array(publishSchema),
  /** The content as it was before the first publish (the version deployed), which Restore can bring back. */
  origin: z
    .object({
      commit: z.string(),
      committedAt: z.string(),
      author: z.object({ name: z.string(), email: z.string() }),
    })
    .nullable(),
});
export type ContentState = z.infer<typeof contentStateSchema>;

/** POST /api/content/publish and /restore answer with the publish they queued. */
export const publishAnswerSchema = z.object({ publish: publishSchema });

/** POST /api/content/restore: the commit whose content becomes live again. */
export const restoreRequestSchema = z.object({
  commit: z.string().regex(/^[0-9a-f]{7,40}$/, "must be a commit id (7 to 40 hexadecimal digits)"),
});
