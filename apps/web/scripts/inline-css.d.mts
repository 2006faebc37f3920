// Types of inline-css.mjs (a postbuild step), for its unit tests.
export declare const MAX_INLINE_CSS_BYTES: number;
export declare function inlineStylesheets(html: string, css: ReadonlyMap<string, string>): string;
export declare function readInlinableCss(clientDir: string, files: string[]): Promise<Map<string, string>>;
