import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CHUNK_TIMEOUT_MS,
  RELOAD_GUARD_KEY,
  clearReloadGuard,
  handleChunkFailure,
  importWithTimeout,
  resetChunkFailureState,
} from "./lazy-with-retry";

beforeEach(() => {
  resetChunkFailureState();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
});

describe("handleChunkFailure", () => {
  it("reports 'Loading chunk failed' and reloads only once per session", () => {
    const reload = vi.fn();
    expect(handleChunkFailure(new Error("boom"), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).not.toBeNull();
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining("Loading chunk failed"),
      expect.any(Error),
    );

    // The page reloaded (new page view) and the chunk fails again: no second reload.
    resetChunkFailureState();
    expect(handleChunkFailure(new Error("boom again"), reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledTimes(2);
  });

  it("may reload again after a successful load cleared the guard", () => {
    const reload = vi.fn();
    handleChunkFailure(new Error("boom"), reload);
    resetChunkFailureState();
    clearReloadGuard();
    expect(handleChunkFailure(new Error("boom"), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe("importWithTimeout", () => {
  it("rejects with 'Loading chunk failed' after 120 s, not before", async () => {
    vi.useFakeTimers();
    const never = () => new Promise<never>(() => {});
    const result = importWithTimeout(never);
    const settled = vi.fn();
    result.then(settled, settled);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toThrow(/Loading chunk failed: timed out after 120000 ms/);
  });

  it("resolves with the module when it arrives in time", async () => {
    await expect(importWithTimeout(() => Promise.resolve({ default: 42 }))).resolves.toEqual({ default: 42 });
  });
});
