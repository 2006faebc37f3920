import { type ComponentType, lazy } from "react";
import { CHUNK_FAILED_MESSAGE } from "./chunk-failed";

/** A chunk that has not arrived after this long counts as failed (spec §9). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** sessionStorage key set just before a chunk failure reloads the page; prevents a reload loop. */
export const RELOAD_GUARD_KEY = "chunk-reload-attempted";

export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

function readGuard(): boolean {
  try {
    return sessionStorage.getItem(RELOAD_GUARD_KEY) !== null;
  } catch {
    return true; // no storage: never risk a loop
  }
}

function writeGuard() {
  try {
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  } catch {
    /* storage unavailable */
  }
}

/** Call after something loaded successfully: the next failure may reload again. */
export function clearReloadGuard() {
  try {
    sessionStorage.removeItem(RELOAD_GUARD_KEY);
  } catch {
    /* storage unavailable */
  }
}

let reloading = false;

/**
 * Reports a failed chunk and reloads the page once (a new deploy usually replaced the chunk).
 * Returns true when a reload was started, false when the guard says we already tried.
 */
export function handleChunkFailure(error: unknown, reload: () => void = () => window.location.reload()) {
  console.error(`${CHUNK_FAILED_MESSAGE}:`, error);
  if (reloading) return true;
  if (readGuard()) return false;
  writeGuard();
  reloading = true;
  reload();
  return true;
}

/** Test hook: forget that a reload was started in this page view. */
export function resetChunkFailureState() {
  reloading = false;
}

/** Rejects with a ChunkLoadError when `load` has not settled within `timeoutMs`. */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`${CHUNK_FAILED_MESSAGE}: timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}

/**
 * React.lazy for our own chunks: 120 s timeout; on failure report 'Loading chunk failed' and reload
 * the page once. If the reload already happened, the error reaches the nearest error boundary.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mirrors React.lazy's own signature
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const module = await importWithTimeout(load);
      clearReloadGuard();
      return module;
    } catch (error) {
      // While the page reloads keep the Suspense fallback up instead of flashing an error.
      if (handleChunkFailure(error)) return new Promise<never>(() => {});
      throw error;
    }
  });
}
