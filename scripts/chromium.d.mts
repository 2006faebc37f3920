// Types of chromium.mjs, for the Playwright config.
export declare const chromiumPath: string;
export declare const chromiumFlags: readonly string[];
export declare const lighthouseChromiumPath: string;
