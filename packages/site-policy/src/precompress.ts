// Precompressed copies of the client build: file.br (brotli, quality 11) and file.gz (gzip, level 9)
// beside every compressible file of at least 512 bytes, when smaller than it. The site server, nginx
// (gzip_static, brotli_static) and CDNs serve them by Accept-Encoding.
import { isCompressible } from "./file-rules";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files below this size are not worth a compressed copy (headers would eat the gain). */
const MIN_COMPRESS_BYTES = 512;

/** Writes the copies for `files` (relative to clientDir); returns how many it wrote. */
export async function precompress(clientDir: string, files: readonly string[]): Promise<number> {
  let written = 0;
  for (const file of files.filter(isCompressible)) {
    const abs = path.join(clientDir, file);
    const raw = await readFile(abs);
    if (raw.length < MIN_COMPRESS_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    for (const [ext, data] of [
      ["br", br],
      ["gz", gz],
    ] as const) {
      if (data.length >= raw.length) continue;
      await writeFile(`${abs}.${ext}`, data);
      written++;
    }
  }
  return written;
}
