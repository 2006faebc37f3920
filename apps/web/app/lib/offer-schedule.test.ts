import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OFFER_DELAY_MS, OFFER_PRELOAD_LEAD_MS } from "./offer-delay";
import { scheduleOffer } from "./offer-schedule";

// The offer popup's clock (spec §2: 10 s after the home page loads, once per visit), on a fake clock.

describe("the offer popup's clock", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    sessionStorage.clear();
    delete document.documentElement.dataset.offerPopup;
  });
  afterEach(() => vi.useRealTimers());

  const schedule = (since?: number) => {
    const calls: string[] = [];
    const stop = scheduleOffer({
      preload: () => calls.push(`preload at ${Date.now()}`),
      open: () => calls.push(`open at ${Date.now()}`),
      since,
    });
    return { calls, stop };
  };

  it("preloads 2 s before and opens 10 s after it starts, then never again in the visit", () => {
    const start = Date.now();
    const { calls } = schedule();
    expect(document.documentElement.dataset.offerPopup).toBe("scheduled");
    vi.advanceTimersByTime(OFFER_DELAY_MS - 1);
    expect(calls).toEqual([`preload at ${start + OFFER_DELAY_MS - OFFER_PRELOAD_LEAD_MS}`]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([
      `preload at ${start + OFFER_DELAY_MS - OFFER_PRELOAD_LEAD_MS}`,
      `open at ${start + OFFER_DELAY_MS}`,
    ]);
    const again = schedule();
    vi.advanceTimersByTime(2 * OFFER_DELAY_MS);
    expect(again.calls).toEqual([]);
  });

  it("counts from `since`, the page's start, when started later: what is due runs at once", () => {
    const pageStart = Date.now();
    vi.advanceTimersByTime(OFFER_DELAY_MS - 500);
    const { calls } = schedule(pageStart);
    expect(calls).toEqual([`preload at ${pageStart + OFFER_DELAY_MS - 500}`]);
    vi.advanceTimersByTime(499);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls.at(-1)).toBe(`open at ${pageStart + OFFER_DELAY_MS}`);

    sessionStorage.clear();
    const late = schedule(pageStart);
    expect(late.calls).toEqual([
      `preload at ${pageStart + OFFER_DELAY_MS}`,
      `open at ${pageStart + OFFER_DELAY_MS}`,
    ]);
  });

  it("stops: no timer fires and the page is no longer marked", () => {
    const { calls, stop } = schedule();
    stop();
    expect(document.documentElement.dataset.offerPopup).toBeUndefined();
    vi.advanceTimersByTime(2 * OFFER_DELAY_MS);
    expect(calls).toEqual([]);
  });
});
