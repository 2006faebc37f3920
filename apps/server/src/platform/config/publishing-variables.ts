import path from "node:path";
import { z } from "zod";

/**
 * The variables of content editing and publishing (config.ts's envSchema takes them in), each with its
 * documentation in `.meta()` like the rest ([content editing](content-editing.md)).
 */
export function publishingVariables(repoRoot: string) {
  return {
    CONTENT_DIR: z.string().default(path.join(repoRoot, "content")).meta({
      description:
        "The site's content files, edited in the desk's Content screen: a git checkout's `content/`, or a folder the server makes a repository of its own ([content editing](content-editing.md))",
      values: "a directory",
    }),
    SITE_RELEASES_DIR: z
      .string()
      .default(path.join(repoRoot, "data", "site-releases"))
      .meta({
        description:
          "Where each publish builds the site (a folder per build) and `live`, the link to the build served; on shared storage when several instances serve it",
        values: "a directory",
      }),
    CONTENT_GIT_REMOTE: z.string().optional().meta({
      description:
        "Each publish's commit is also pushed here (e.g. the repository whose CI deploys the site); unset, nothing is pushed",
      values: "a git remote URL or path",
    }),
    SITE_SWITCH_COMMAND: z.string().optional().meta({
      description:
        "Run (`sh -c`) after a publish switches the live link, with `SITE_RELEASE` set to the new build's folder: e.g. `nginx -s reload` where nginx serves `SITE_RELEASES_DIR/live`",
      values: "a shell command",
    }),
    SITE_BUILD_POLL_MS: z.coerce.number().int().positive().default(1_000).meta({
      description:
        "How often the site role checks whether the site's build folder now leads to another build",
    }),
  };
}
