// Vitest global setup of the build tests: one real `react-router build` of the fixture app per run,
// with the installed react-router, @react-router/dev and vite, into a fresh directory under the fixture's
// build/ (git-ignored): inside the project, so that the prerender's server bundle finds its packages.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The fixture's build directory (client/, router-output/, site-manifest.json, nginx-site.conf). */
    fixtureBuildDir: string;
    /** What the build printed. */
    fixtureBuildLog: string;
  }
}

const fixtureRoot = path.dirname(fileURLToPath(import.meta.url));

export default async function buildFixture(project: TestProject) {
  await mkdir(path.join(fixtureRoot, "build"), { recursive: true });
  const buildDir = await mkdtemp(path.join(fixtureRoot, "build", "run-"));
  const cli = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@react-router/dev/package.json")),
    "bin.js",
  );
  const started = Date.now();
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, "build"], {
    cwd: fixtureRoot,
    env: { ...process.env, FIXTURE_BUILD_DIR: buildDir, NO_COLOR: "1" },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`the fixture build failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
  });
  console.log(`build tests: fixture built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide("fixtureBuildDir", buildDir);
  project.provide("fixtureBuildLog", `${stdout}\n${stderr}`);
  return () => rm(buildDir, { recursive: true, force: true });
}
