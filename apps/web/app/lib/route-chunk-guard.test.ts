import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELOAD_GUARD_KEY } from "./lazy-with-retry";
import { installRouteChunkGuard, routeChunkFailedAgain } from "./route-chunk-guard";

const routerMessage = "Error loading route module `/assets/about-abc.js`, reloading page...";

describe("installRouteChunkGuard", () => {
  let calls: unknown[][];
  const original = console.error;
  afterAll(() => {
    console.error = original;
  });
  beforeAll(() => {
    calls = [];
    // Stand-in for the browser console underneath the guard.
    console.error = (...args: unknown[]) => void calls.push(args);
    installRouteChunkGuard();
  });

  it("passes other errors through untouched", () => {
    calls.length = 0;
    expect(() => console.error("something else")).not.toThrow();
    expect(calls).toEqual([["something else"]]);
  });

  it("reports 'Loading chunk failed' and lets React Router reload the first time only", () => {
    calls.length = 0;
    // First failure: reported, guard set, no throw (React Router goes on to reload).
    expect(() => console.error(routerMessage)).not.toThrow();
    expect(calls.map((c) => String(c[0]))).toEqual([routerMessage, `Loading chunk failed: ${routerMessage}`]);
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).not.toBeNull();

    expect(routeChunkFailedAgain()).toBe(false);

    // Second failure after the reload: throwing stops React Router's window.location.reload(), and the
    // root's error boundary is told to show the chunk notice.
    expect(() => console.error(routerMessage)).toThrow(/Loading chunk failed/);
    expect(routeChunkFailedAgain()).toBe(true);
  });

  it("is installed once", () => {
    const wrapped = console.error;
    installRouteChunkGuard();
    expect(console.error).toBe(wrapped);
  });
});
