// Types of optimize-pages.mjs (a postbuild step), for its unit tests.
export declare function readChunkImports(clientDir: string): Promise<(href: string) => string[]>;
export declare function optimizePages(
  clientDir: string,
  files: string[],
): Promise<{ pages: number; stylesheets: string[] }>;
