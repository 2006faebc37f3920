import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The lazy chunk is the world's edge here: record what it is started with.
const started: { landingPath: string }[] = [];
vi.mock("./vitals-beacon", () => ({ startVitals: (o: { landingPath: string }) => started.push(o) }));

const { scheduleWebVitals } = await import("./report-web-vitals");
const { COOKIES_ACCEPTED_KEY } = await import("./cookie-consent");

beforeEach(() => localStorage.setItem(COOKIES_ACCEPTED_KEY, "true"));
afterEach(() => {
  localStorage.clear();
  started.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function idleAfter(ms: number) {
  vi.useFakeTimers();
  vi.stubGlobal("requestIdleCallback", (cb: () => void) => setTimeout(cb, ms));
  vi.stubGlobal("cancelIdleCallback", (id: number) => clearTimeout(id));
}

describe("report-web-vitals", () => {
  it("waits for the browser to be idle before loading anything, with the path the page loaded at", async () => {
    idleAfter(50);
    window.history.replaceState(null, "", "/services/internet-services?utm_source=mail");
    const cancel = scheduleWebVitals();
    // A client-side move before the browser is idle does not change the page view's route.
    window.history.pushState(null, "", "/contact");
    await vi.advanceTimersByTimeAsync(49);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(started).toEqual([{ landingPath: "/services/internet-services" }]));
    cancel();
  });

  it("loads nothing for a visitor who has not accepted cookies, until they accept", async () => {
    localStorage.clear();
    idleAfter(50);
    window.history.replaceState(null, "", "/about");
    const cancel = scheduleWebVitals();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toEqual([]);
    window.dispatchEvent(new Event(COOKIES_ACCEPTED_KEY));
    await vi.advanceTimersByTimeAsync(50);
    await vi.waitFor(() => expect(started).toEqual([{ landingPath: "/about" }]));
    cancel();
  });

  it("can be cancelled before it runs (e.g. on unmount)", async () => {
    idleAfter(50);
    scheduleWebVitals()();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toEqual([]);
  });
});
