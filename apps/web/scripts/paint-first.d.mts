// Types of paint-first.mjs (a postbuild step), for its unit tests.
/** Static imports of a chunk, as root-relative hrefs ("/assets/x.js"). */
type ImportsOf = (href: string) => string[];
export declare function evaluationOrder(chunks: string[], importsOf?: ImportsOf): string[];
export declare function paintFirst(
  html: string,
  file?: string,
  options?: { waitForPaint?: boolean; importsOf?: ImportsOf },
): string;
