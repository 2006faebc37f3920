import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtPages, firstLoadScripts } from "./built-pages.mjs";

let dir;
function write(file, text) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "built-pages-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("builtPages", () => {
  it("lists each prerendered index.html as a route, / first, whether noindex and whether a content page", () => {
    write(
      "index.html",
      '<!doctype html><title>Home</title><template id="router-boot"><script type="module" src="/assets/islands-x1.js"></script></template>',
    );
    write("services/web/index.html", "<title>Web</title>");
    write("login/index.html", '<meta content="noindex, follow" name="ROBOTS"><title>Log in</title>');
    write("about/index.html", '<meta name="robots" content="index, follow"><title>About</title>');
    write("assets/a.js", "");
    expect(builtPages(dir)).toEqual([
      { route: "/", noindex: false, content: true },
      { route: "/about", noindex: false, content: false },
      { route: "/login", noindex: true, content: false },
      { route: "/services/web", noindex: false, content: false },
    ]);
  });
});

describe("firstLoadScripts", () => {
  it("counts what the HTML names (React Router's boot in its <template> too) and its static imports, not import() chunks", async () => {
    write(
      "index.html",
      `<link rel="modulepreload" href="/assets/preload.js">
       <script type="module" src="/assets/entry.js"></script>
       <script>window.x = "/assets/classic-inline.js"</script>
       <template id="router-boot"><script type="module" async>
         import "/assets/named.js"; import('/assets/named.js');
       </script></template>`,
    );
    write("assets/preload.js", 'import{a as b}from"./shared.js";export*from"../assets/reexported.js";');
    write("assets/entry.js", 'import"./shared.js";const l=()=>import("./lazy.js");export{l};');
    write("assets/named.js", "export const n=1;");
    write("assets/shared.js", "export const a=1;");
    write("assets/reexported.js", "export const r=1;");
    write("assets/lazy.js", 'import"./lazy-dep.js";');
    write("assets/classic-inline.js", "");
    write("assets/lazy-dep.js", "");
    expect((await firstLoadScripts("/", dir)).sort()).toEqual([
      "/assets/entry.js",
      "/assets/named.js",
      "/assets/preload.js",
      "/assets/reexported.js",
      "/assets/shared.js",
    ]);
  });

  it("fails when the page names a script that is not a file of the build", async () => {
    write("index.html", '<script type="module" src="https://cdn.example.com/x.js"></script>');
    await expect(firstLoadScripts("/", dir)).rejects.toThrow(/not a file of the build/);
    write("index.html", '<script type="module" src="/assets/missing.js"></script>');
    await expect(firstLoadScripts("/", dir)).rejects.toThrow(/ENOENT/);
  });

  it("fails with a hint when there is no build", async () => {
    await expect(firstLoadScripts("/about", dir)).rejects.toThrow(/run npm run build first/);
  });
});
