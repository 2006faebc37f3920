// Types of static-artifacts.mjs (the last postbuild step), for the server's integration tests.
import type { CspManifest } from "./site-headers.mjs";

export declare function listFiles(dir: string): Promise<string[]>;
export declare function buildCspManifest(
  clientDir: string,
  files: string[],
  env?: Record<string, string | undefined>,
): Promise<CspManifest>;
export declare function precompress(clientDir: string, files: string[]): Promise<number>;
export declare function headersFile(manifest: CspManifest): string;
export declare function redirectsFile(): string;
export declare function nginxConf(manifest: CspManifest): string;
export declare function writeStaticArtifacts(options: {
  clientDir: string;
  env?: Record<string, string | undefined>;
  log?: (message: string) => void;
}): Promise<CspManifest>;
