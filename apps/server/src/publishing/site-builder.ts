import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdir, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

export interface BuildInput {
  /** The content to build from (an exported commit). */
  contentDir: string;
  /** Where the build goes: client/, site-manifest.json, nginx-site.conf. */
  outputDir: string;
  signal: AbortSignal;
}

/** Builds the site; throws a BuildFailure with the build's last lines when it fails. */
export interface SiteBuilder {
  build(input: BuildInput): Promise<void>;
}

export class BuildFailure extends Error {
  constructor(
    message: string,
    readonly log: string,
  ) {
    super(message);
  }
}

/** How much of a failed build's output the desk shows. */
const LOG_TAIL_LINES = 40;

/** What a site build leaves that the site, nginx and static hosts need (the rest is the prerender's). */
const BUILD_OUTPUTS = ["client", "site-manifest.json", "nginx-site.conf"];

/** Moves a file or folder, copying it where the two are on different file systems (shared storage). */
async function move(from: string, to: string) {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

/**
 * The real build: `react-router build` of the web app (the same command `npm run build -w apps/web`
 * runs), reading the content from CONTENT_DIR, with this process's environment otherwise (SITE_URL,
 * VITE_*_API_URL, RETENTION_*: set them as for any build). It builds inside the web app (the
 * prerender's server bundle finds its packages there: apps/web/build/publishing/<id>), then moves the
 * build's client/, site manifest and nginx config to the release folder. It runs at a lower priority,
 * so serving stays quick while it builds.
 */
export function reactRouterBuilder(webAppDir: string, timeoutMs = 10 * 60_000): SiteBuilder {
  const cli = path.join(
    path.dirname(
      createRequire(path.join(webAppDir, "package.json")).resolve("@react-router/dev/package.json"),
    ),
    "bin.js",
  );
  return {
    async build({ contentDir, outputDir, signal }) {
      const staging = path.join(webAppDir, "build", "publishing", randomBytes(6).toString("hex"));
      await mkdir(staging, { recursive: true });
      try {
        await runBuild(cli, webAppDir, { contentDir, outputDir: staging, signal }, timeoutMs);
        await mkdir(outputDir, { recursive: true });
        for (const name of BUILD_OUTPUTS) await move(path.join(staging, name), path.join(outputDir, name));
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },
  };
}

function runBuild(
  cli: string,
  webAppDir: string,
  { contentDir, outputDir, signal }: BuildInput,
  timeoutMs: number,
) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "build"], {
      cwd: webAppDir,
      env: {
        ...process.env,
        CONTENT_DIR: contentDir,
        WEB_BUILD_OUT: outputDir,
        NO_COLOR: "1",
        FORCE_COLOR: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
      signal,
    });
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // Not permitted here: build at normal priority.
    }
    const lines: string[] = [];
    const keep = (chunk: Buffer) => {
      lines.push(...chunk.toString("utf8").split("\n"));
      if (lines.length > 4 * LOG_TAIL_LINES) lines.splice(0, lines.length - LOG_TAIL_LINES);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(new BuildFailure(`The site build could not run: ${err.message}`, tail(lines)));
    });
    child.on("close", (code, sig) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new BuildFailure(
            sig ? `The site build was stopped (${sig})` : `The site build failed (exit code ${code})`,
            tail(lines),
          ),
        );
    });
  });
}

const tail = (lines: string[]) =>
  lines
    .map((l) => stripVTControlCharacters(l).trimEnd())
    .filter(Boolean)
    .slice(-LOG_TAIL_LINES)
    .join("\n");
