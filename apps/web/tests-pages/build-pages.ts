// Vitest global setup of the page snapshot test: one real build of the site (`react-router build`)
// from the fixture content, into a fresh folder under tests-pages/build/ (git-ignored), with the
// settings a build without any variable gets, so the pages do not depend on who runs the test.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The client build of the fixture content. */
    pagesClientDir: string;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, "..");

/** The environment of a build on a machine with nothing set, plus the fixture content and output. */
function buildEnv(outputDir: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(SITE_URL|VITE_.*|RETENTION_.*|VITALS_SAMPLE_RATE|LIVE_CHAT|CONTENT_DIR|WEB_BUILD_OUT)$/.test(k),
    ),
  );
  return { ...env, CONTENT_DIR: path.join(here, "content"), WEB_BUILD_OUT: outputDir, NO_COLOR: "1" };
}

export default async function buildPages(project: TestProject) {
  await mkdir(path.join(here, "build"), { recursive: true });
  const outputDir = await mkdtemp(path.join(here, "build", "run-"));
  const cli = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@react-router/dev/package.json")),
    "bin.js",
  );
  const started = Date.now();
  await promisify(execFile)(process.execPath, [cli, "build"], {
    cwd: webRoot,
    env: buildEnv(outputDir),
    maxBuffer: 32 * 1024 * 1024,
  }).catch((error: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`the site build failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
  });
  console.log(`page snapshots: site built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide("pagesClientDir", path.join(outputDir, "client"));
  return () => rm(outputDir, { recursive: true, force: true });
}
