// Types of paint-first.mjs (a postbuild step), for its unit tests.
export declare function paintFirst(html: string, file?: string, options?: { waitForPaint?: boolean }): string;
