// A page for the script that runs React Router's boot after the first paint (../boot-after-paint.ts),
// with the browser's parts faked: the test sees when it puts a copy of the boot's <template> content in
// the template's place, what it reads, marks, watches and waits for.
import { expect } from "vitest";
import {
  ISLAND_WAKE_ATTRIBUTE,
  NEAR_VIEWPORT_MARGIN,
  EARLY_EVENTS,
  STOP_EARLY_EVENTS,
} from "../../app/components/island-attributes";
import { COOKIES_ACCEPTED_KEY } from "../../app/lib/cookie-consent";
import { BOOT_AFTER_PAINT_SCRIPT, BOOT_FAILED, ON_DEMAND_ATTRIBUTE } from "../boot-after-paint";
import { ROUTER_BOOT_ID } from "../router-page";

interface Options {
  visibilityState?: "visible" | "hidden";
  paintTiming?: boolean;
  /** A content page whose islands' loader starts when needed (ON_DEMAND_ATTRIBUTE on its template). */
  onDemand?: boolean;
  /** The visitor accepted cookies earlier (cookiesAccepted stored). */
  accepted?: boolean;
  /** The ISLAND_WAKE_ATTRIBUTE of the page's islands that run before their use. */
  wakes?: string[];
}

/** Date.now() when the script starts. */
export const STARTED_AT = 1_700_000_000_000;

export function runScript({
  visibilityState = "visible",
  paintTiming = true,
  onDemand = false,
  accepted = false,
  wakes = [],
}: Options = {}) {
  /** What replaced the template, each time: a copy of its content. */
  const booted: string[] = [];
  const listeners: Record<string, ((event?: unknown) => void)[]> = {};
  const timers: { ms: number; callback: () => void }[] = [];
  const reported: unknown[] = [];
  let paint = () => {};
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "layout-shift"] : ["layout-shift"];
    constructor(private readonly callback: (list: unknown, observer: FakeObserver) => void) {}
    observe(options: unknown) {
      expect(options).toEqual({ type: "paint", buffered: true });
      paint = () => this.callback([], this);
    }
    disconnect() {}
  }
  let connected = true;
  const template = {
    content: "React Router's module script",
    get isConnected() {
      return connected;
    },
    hasAttribute: (name: string) => onDemand && name === ON_DEMAND_ATTRIBUTE,
    replaceWith: (node: string) => {
      booted.push(node);
      connected = false;
    },
  };
  const marks: Record<string, string> = {};
  const storageReads: string[] = [];
  const window: Record<string, unknown> = {};
  let now = STARTED_AT;
  /** The islands' content elements watched for nearness, each with its observer's callback. */
  const watched: { content: string; near: () => void; disconnected: boolean }[] = [];
  class FakeIntersectionObserver {
    constructor(
      private readonly callback: (entries: { isIntersecting: boolean }[], observer: unknown) => void,
      options: unknown,
    ) {
      expect(options).toEqual({ rootMargin: NEAR_VIEWPORT_MARGIN });
    }
    observe(content: string) {
      const entry = {
        content,
        near: () => this.callback([{ isIntersecting: true }], this),
        disconnected: false,
      };
      this.disconnect = () => (entry.disconnected = true);
      watched.push(entry);
    }
    disconnect = () => {};
  }
  const roots = wakes.map((wake, i) => ({
    getAttribute: (name: string) => (expect(name).toBe(ISLAND_WAKE_ATTRIBUTE), wake),
    firstElementChild: `content ${i}`,
  }));
  const run = new Function(
    "window",
    "document",
    "addEventListener",
    "removeEventListener",
    "localStorage",
    "PerformanceObserver",
    "setTimeout",
    "reportError",
    "Date",
    "IntersectionObserver",
    BOOT_AFTER_PAINT_SCRIPT,
  ) as (...args: unknown[]) => void;
  run(
    window,
    {
      visibilityState,
      getElementById: (id: string) => (expect(id).toBe(ROUTER_BOOT_ID), template),
      importNode: (node: string, deep: boolean) => (expect(deep).toBe(true), `copy of ${node}`),
      documentElement: { setAttribute: (name: string, value: string) => (marks[name] = value) },
      querySelectorAll: (selector: string) => (expect(selector).toBe(`[${ISLAND_WAKE_ATTRIBUTE}]`), roots),
    },
    (type: string, listener: (event?: unknown) => void) => (listeners[type] ??= []).push(listener),
    (type: string, listener: (event?: unknown) => void) =>
      (listeners[type] = (listeners[type] ?? []).filter((l) => l !== listener)),
    {
      getItem: (key: string) => (
        storageReads.push(key),
        accepted && key === COOKIES_ACCEPTED_KEY ? "true" : null
      ),
    },
    FakeObserver,
    (callback: () => void, ms: number) => timers.push({ callback, ms }),
    (error: unknown) => reported.push(error),
    { now: () => now },
    FakeIntersectionObserver,
  );
  const dispatch = (type: string, event?: unknown) => listeners[type]?.forEach((listener) => listener(event));
  const fire = (ms: number) => timers.filter((t) => t.ms === ms).forEach((t) => t.callback());
  const bootFailed = (error: unknown) => (window[BOOT_FAILED] as (error: unknown) => void)(error);
  const early = () => window[EARLY_EVENTS] as unknown[];
  const stopEarly = () => (window[STOP_EARLY_EVENTS] as () => void)();
  return {
    booted,
    dispatch,
    fire,
    reported,
    bootFailed,
    paint: () => paint(),
    marks,
    storageReads,
    early,
    stopEarly,
    watched,
    window,
    later: (ms: number) => (now += ms),
    timerDelays: () => timers.map((t) => t.ms),
  };
}
