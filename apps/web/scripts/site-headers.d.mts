// Types of site-headers.mjs (plain ESM so postbuild.mjs can run it with node; the server imports it too).
export declare const DEFAULT_CONTACT_API_URL: string;
export declare const DEFAULT_QUOTATION_API_URL: string;
export declare const CSP_MANIFEST_FILE: string;
export declare const NOT_FOUND_FILE: string;
export declare const SPA_FALLBACK_FILE: string;
export declare const DYNAMIC_ROUTE_PREFIXES: readonly string[];
export declare const CACHE_HTML: string;
export declare const CACHE_IMMUTABLE: string;
export declare const CACHE_STATIC: string;
export declare const COMPRESSIBLE_EXTENSIONS: readonly string[];
export declare function contentTypeFor(file: string): string;
export declare function isCompressible(file: string): boolean;
export declare function cacheControlFor(file: string): string;
export declare function serviceOrigins(env?: Record<string, string | undefined>): string[];
export declare function inlineScriptHashes(html: string): string[];
export declare function inlineStyleHashes(html: string): string[];
/** The inline-element hash sources one page's CSP must allow. */
export interface PageHashes {
  scriptHashes: string[];
  styleHashes: string[];
}
export declare function inlineHashes(html: string): PageHashes;
export interface PolicyInput {
  scriptHashes?: readonly string[];
  styleHashes?: readonly string[];
  connectOrigins?: readonly string[];
}
export declare function contentSecurityPolicy(input?: PolicyInput): string;
export declare const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>>;
export declare function securityHeaders(input?: PolicyInput): Record<string, string>;
export declare function pagePathOf(file: string): string | null;
export declare function matchesDynamicRoute(pathname: string): boolean;

/** Shape of csp-manifest.json (written beside the client build by postbuild). */
export interface CspManifest {
  version: 2;
  connectOrigins: string[];
  /** Inline script and style hash sources per HTML file, keyed by path relative to the client build. */
  pages: Record<string, PageHashes>;
}
