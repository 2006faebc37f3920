import { CHUNK_FAILED_MESSAGE } from "./chunk-failed";
import { ChunkLoadError, RELOAD_GUARD_KEY } from "./lazy-with-retry";

/**
 * React Router 7 (lib/dom/ssr/routeModules.ts, loadRouteModule) catches a failed route-module import,
 * logs "Error loading route module `…`, reloading page..." with console.error and calls
 * window.location.reload() with no loop guard. location.reload cannot be patched, so the only hook
 * before the reload is that console.error call: we report 'Loading chunk failed', record a
 * sessionStorage guard and let the first reload happen; if the guard is already set we throw, which
 * makes the import reject instead of reloading again, and the root's error boundary shows a notice.
 * See docs/decisions/0002-chunk-load-failures.md.
 */
const ROUTER_MESSAGE = "Error loading route module";
let installed = false;
let failedAgain = false;

/**
 * Whether a route chunk failed again after the one reload, in this page view. React Router then renders
 * the root's error boundary with an error of its own ("No result returned from dataStrategy…"), which
 * shows the chunk notice when this says so.
 */
export const routeChunkFailedAgain = () => failedAgain;

export function installRouteChunkGuard() {
  if (installed || typeof window === "undefined") return;
  installed = true;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    original(...args);
    const first = args[0];
    if (typeof first !== "string" || !first.startsWith(ROUTER_MESSAGE)) return;
    original(`${CHUNK_FAILED_MESSAGE}: ${first}`);
    let alreadyReloaded = true;
    try {
      alreadyReloaded = sessionStorage.getItem(RELOAD_GUARD_KEY) !== null;
      if (!alreadyReloaded) sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
    } catch {
      /* no storage: treat as already reloaded, never loop */
    }
    if (!alreadyReloaded) return;
    failedAgain = true;
    throw new ChunkLoadError(`${CHUNK_FAILED_MESSAGE}: ${first}`);
  };
}
