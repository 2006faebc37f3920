// Rollup's manualChunks for the browser build (vite.config.ts): how the client JavaScript is split.
import { fileURLToPath } from "node:url";
import type { Rollup } from "vite";

type ManualChunkMeta = Rollup.ManualChunkMeta;

const appDir = fileURLToPath(new URL("../app/", import.meta.url));
const rootRoute = `${appDir}root.tsx`;
const homeRoute = `${appDir}routes/home.tsx`;
const isRouteModule = (file: string) => file === rootRoute || file.startsWith(`${appDir}routes/`);
const framework = /\/node_modules\/(?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//;

/**
 * Fewer, larger first-load chunks (gzip compresses one file better than many small ones, and each file
 * costs an import and a request) without loading any code a page does not need:
 * - "framework": React (with the scheduler), ReactDOM and React Router, which every page loads anyway.
 *   One chunk: the browser evaluates a page's whole module graph in one task whatever its chunks, and
 *   three chunks cost two more requests (and 0.7 KB more gzip);
 * - "chrome": every module the root route (header, footer, widgets) imports statically, which every page
 *   loads anyway, plus the shared components the home page imports statically that other pages also use
 *   (otherwise each is its own tiny chunk in the home page's first load). Code shared only by the home
 *   page and its own lazy chunks (e.g. the offer popup) stays out of "chrome".
 * Route modules, code only one route uses, and lazy chunks (dynamic import()) keep Rollup's default
 * splitting, so no other page's code is pulled into / and route splitting stays intact.
 */
export function manualChunks(id: string, { getModuleInfo }: ManualChunkMeta): string | undefined {
  const file = id.split("?")[0] ?? id;
  // Rollup's CommonJS helpers (\0commonjsHelpers.js) belong with the CommonJS packages (React) that use
  // them: in "chrome" they would make "framework" import "chrome" and the two chunks import each other.
  if (framework.test(file) || (id.startsWith("\0") && id.includes("commonjs"))) return "framework";
  if (isRouteModule(file) || !/\.[cm]?[jt]sx?$/.test(file)) return undefined;
  const roots = reachingRoots(id, getModuleInfo);
  if (roots.has(rootRoute)) return "chrome";
  if (roots.has(homeRoute) && [...roots].some((r) => r !== homeRoute && isRouteModule(r))) return "chrome";
  return undefined;
}

/** The route modules and lazy (dynamically imported) modules whose static imports reach a module. */
const rootsCache = new Map<string, Set<string>>();
function reachingRoots(id: string, getModuleInfo: ManualChunkMeta["getModuleInfo"]): Set<string> {
  const cached = rootsCache.get(id);
  if (cached) return cached;
  const roots = new Set<string>();
  rootsCache.set(id, roots); // guards against import cycles
  const file = id.split("?")[0] ?? id;
  const importers = getModuleInfo(id)?.importers ?? [];
  if (isRouteModule(file) || importers.length === 0) roots.add(file);
  else for (const importer of importers) for (const r of reachingRoots(importer, getModuleInfo)) roots.add(r);
  return roots;
}
