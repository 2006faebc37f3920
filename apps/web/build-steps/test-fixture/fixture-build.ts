// The fixture build of this test run (build-fixture.ts), as the tests read it.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";
import { ROUTER_OUTPUT_DIR } from "./fixture-facts";

export const fixtureBuildDir = () => inject("fixtureBuildDir");
export const fixtureClientDir = () => path.join(fixtureBuildDir(), "client");

/** A file of the rewritten client build ("index.html"). */
export const readBuilt = (file: string) => readFile(path.join(fixtureClientDir(), file), "utf8");

/** A file as React Router wrote it, before the rewrite. */
export const readRouterOutput = (file: string) =>
  readFile(path.join(fixtureBuildDir(), ROUTER_OUTPUT_DIR, file), "utf8");
