import { describe, expect, it } from "vitest";
import { listClientFiles } from "./client-files";
import { readChunkImports, staticImports } from "./chunk-imports";
import { fixtureClientDir } from "./test-fixture/fixture-build";

describe("staticImports", () => {
  it("reads the static imports and re-exports of a minified chunk, not its dynamic imports", async () => {
    const code =
      'import{j as e}from"./framework-2.js";import"./side-3.js";export*from"./re-4.js";' +
      'const l=()=>import("./lazy-5.js");export{l};';
    expect(await staticImports(code, "/assets/contact-1.js")).toEqual([
      "/assets/framework-2.js",
      "/assets/side-3.js",
      "/assets/re-4.js",
    ]);
  });
});

describe("readChunkImports", () => {
  it("reads the chunk graph of a real build", async () => {
    const files = await listClientFiles(fixtureClientDir());
    const importsOf = await readChunkImports(fixtureClientDir(), files);
    const home = `/${files.find((f) => /^assets\/home-.+\.js$/.test(f))}`;
    expect(importsOf(home)).toEqual([
      expect.stringMatching(/^\/assets\/jsx-runtime-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/greeting-[\w-]+\.js$/),
    ]);
    expect(importsOf("/assets/unknown.js")).toEqual([]);
  });
});
