import { afterEach, describe, expect, it, vi } from "vitest";

// The browser's performance observers are the world's edge: record registrations instead.
const registered: string[] = [];
vi.mock("web-vitals", () => {
  const register = (name: string) => (sink: (m: { name: string; value: number }) => void) => {
    registered.push(name);
    sink({ name, value: 1 });
  };
  return {
    onCLS: register("CLS"),
    onFCP: register("FCP"),
    onINP: register("INP"),
    onLCP: register("LCP"),
    onTTFB: register("TTFB"),
  };
});

const { reportWebVitals, scheduleWebVitals } = await import("./report-web-vitals");

afterEach(() => {
  registered.length = 0;
  vi.useRealTimers();
});

describe("report-web-vitals", () => {
  it("registers the five metrics and hands each to the sink", async () => {
    const sink = vi.fn();
    await reportWebVitals(sink);
    expect(registered).toEqual(["CLS", "FCP", "INP", "LCP", "TTFB"]);
    expect(sink).toHaveBeenCalledTimes(5);
  });

  it("logs with console.debug in development only (Vitest runs with DEV = true)", async () => {
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    await reportWebVitals();
    expect(import.meta.env.DEV).toBe(true);
    expect(debug).toHaveBeenCalledWith("[web-vitals] LCP", 1, expect.anything());
  });

  it("waits for the browser to be idle before loading anything", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", (cb: () => void) => setTimeout(cb, 50));
    vi.stubGlobal("cancelIdleCallback", (id: number) => clearTimeout(id));
    const sink = vi.fn();
    const cancel = scheduleWebVitals(sink);
    await vi.advanceTimersByTimeAsync(49);
    expect(registered).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(registered).toHaveLength(5));
    cancel();
    vi.unstubAllGlobals();
  });

  it("can be cancelled before it runs (e.g. on unmount)", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", (cb: () => void) => setTimeout(cb, 50));
    vi.stubGlobal("cancelIdleCallback", (id: number) => clearTimeout(id));
    scheduleWebVitals(vi.fn())();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(registered).toEqual([]);
    vi.unstubAllGlobals();
  });
});
