// The static imports of every built chunk (`import … from "./x.js"`, `import "./x.js"`, `export … from`),
// not its dynamic import()s, read with es-module-lexer. The boot evaluates chunks in this order.
import { init, parse } from "es-module-lexer";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ImportsOf } from "./paint-first";

/** Root-relative URLs ("/assets/x.js") of the chunks the module at `url` imports statically. */
export async function staticImports(code: string, url: string): Promise<string[]> {
  await init;
  const [imports] = parse(code, url);
  // "static": import … from, import "…", export … from; "reexport-star": export * from. Not "dynamic".
  return imports
    .filter((i) => (i.type === "static" || i.type === "reexport-star") && i.specifier !== undefined)
    .map((i) => new URL(i.specifier ?? "", `http://build${url}`).pathname);
}

/** The static imports of every chunk under assets/ of the client build. */
export async function readChunkImports(clientDir: string, files: readonly string[]): Promise<ImportsOf> {
  const imports = new Map<string, string[]>();
  for (const file of files.filter((f) => f.startsWith("assets/") && f.endsWith(".js"))) {
    const url = `/${file}`;
    imports.set(url, await staticImports(await readFile(path.join(clientDir, file), "utf8"), url));
  }
  return (href) => imports.get(href) ?? [];
}
