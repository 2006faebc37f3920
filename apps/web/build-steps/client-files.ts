// The files of a client build, as the build steps name them: forward-slash paths relative to the
// build directory ("assets/root-abc.css", "about/index.html"), sorted.
import { readdir } from "node:fs/promises";
import path from "node:path";

/** Every file under dir, precompressed copies (.br, .gz) left out. */
export async function listClientFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((file) => !/\.(br|gz)$/.test(file))
    .sort();
}
