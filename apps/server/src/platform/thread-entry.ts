import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A thread's entry script, apps/server/dist/<name>.js (build.mjs bundles each), from src/ (tests)
 * as from any bundle in dist/: the SQLite connection's thread, the editor's.
 */
export function threadEntry(name: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return path.join(dir, "dist", `${name}.js`);
}
