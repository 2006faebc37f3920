// The environment, parsed once with zod at start (a bad value stops the start, naming every bad
// variable). Each group of variables lives in its own file, with its documentation in `.meta()`.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Retention, retentionFromEnv } from "@site/contracts";
import { z } from "zod";
import { deliveryVariables, mailVariables } from "./delivery-variables";
import { featureVariables, retentionVariables } from "./feature-variables";
import { publishingVariables } from "./publishing-variables";
import { httpVariables, listenerVariables, serviceVariables } from "./server-variables";

/** The nearest folder at or above `dir` with a package.json: the package the code in `dir` belongs to. */
export function packageDirOf(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, "package.json"))) return d;
    if (path.dirname(d) === d) throw new Error(`no package.json at or above ${dir}`);
  }
}

/**
 * Repository root: two folders above the server's package, wherever this code runs from (src/, or
 * bundled into dist/main.js, dist/cli/leads.js or dist/bench/…, each at its own depth).
 */
export const repoRoot = path.resolve(packageDirOf(path.dirname(fileURLToPath(import.meta.url))), "../..");

/**
 * Every variable the server reads, each with its documentation in `.meta()`: `description` (what it
 * does), and where the schema alone cannot say it, `defaultText` (the Default column when there is no
 * fixed default) and `values` (the allowed values in words). `npm run docs:config` writes
 * docs/configuration.md's reference from these; a test fails while the page is out of date. @public
 */
export const envSchema = z
  .object({
    ...listenerVariables(repoRoot),
    ...mailVariables,
    ...serviceVariables,
    ...publishingVariables(repoRoot),
    ...httpVariables,
    ...deliveryVariables,
    ...featureVariables,
    ...retentionVariables,
  })
  .refine((c) => !c.WEBHOOK_URL === !c.WEBHOOK_SECRET, {
    path: ["WEBHOOK_SECRET"],
    error: "WEBHOOK_URL and WEBHOOK_SECRET are set together (receivers verify every request with the secret)",
  })
  .refine((c) => c.HEADERS_TIMEOUT_MS <= c.REQUEST_TIMEOUT_MS, {
    path: ["HEADERS_TIMEOUT_MS"],
    error: "must not exceed REQUEST_TIMEOUT_MS (the headers are part of the request)",
  })
  .transform((c) => ({
    ...c,
    DESK_URL: c.DESK_URL ?? `http://localhost:${c.DESK_PORT}`,
    WEB_BUILD_DIR: c.WEB_BUILD_DIR ?? path.join(repoRoot, "apps", "web", "build", "client"),
    /** WEB_BUILD_DIR unset: the site serves the live publish (SITE_RELEASES_DIR/live) once there is one. */
    webBuildDirIsDefault: c.WEB_BUILD_DIR === undefined,
    /** The site's public origin (the e-mails' links): the first origin allowed to post, the site's. */
    siteOrigin: (c.ALLOWED_ORIGINS[0] ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ""),
  }));

export type Config = z.output<typeof envSchema> & { retention: Retention };

/** A listener of the server (ROLE=all runs them all in one process). */
export type Role = Exclude<Config["ROLE"], "all">;

/** A configuration the server cannot start with; its message names every bad key and why. */
export class ConfigError extends Error {}

/** Parses the environment once; throws ConfigError naming every bad key. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  try {
    return { ...parsed.data, retention: retentionFromEnv(cleaned) };
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
}
