import { describe, expect, it } from "vitest";
import { EARLY_EVENTS, ISLANDS_WAITING, STOP_EARLY_EVENTS } from "../app/components/island-attributes";
import { COOKIES_ACCEPTED_KEY } from "../app/lib/cookie-consent";
import {
  BOOT_AFTER_PAINT_SCRIPT,
  BOOT_AT_THE_LATEST_MS,
  BOOT_FAILED,
  IMPORT_FAILURE_GRACE_MS,
  ON_DEMAND_ATTRIBUTE,
} from "./boot-after-paint";
import { ROUTER_BOOT_ID } from "./router-page";

// The script that runs React Router's boot after the first paint, run with the browser's parts faked:
// when it puts a copy of the boot's <template> content in the template's place.

interface Options {
  visibilityState?: "visible" | "hidden";
  paintTiming?: boolean;
  /** A content page whose islands' loader starts when needed (ON_DEMAND_ATTRIBUTE on its template). */
  onDemand?: boolean;
  /** The visitor accepted cookies earlier (cookiesAccepted stored). */
  accepted?: boolean;
}

function runScript({
  visibilityState = "visible",
  paintTiming = true,
  onDemand = false,
  accepted = false,
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
  const run = new Function(
    "window",
    "document",
    "addEventListener",
    "removeEventListener",
    "localStorage",
    "PerformanceObserver",
    "setTimeout",
    "reportError",
    BOOT_AFTER_PAINT_SCRIPT,
  ) as (...args: unknown[]) => void;
  run(
    window,
    {
      visibilityState,
      getElementById: (id: string) => (expect(id).toBe(ROUTER_BOOT_ID), template),
      importNode: (node: string, deep: boolean) => (expect(deep).toBe(true), `copy of ${node}`),
      documentElement: { setAttribute: (name: string, value: string) => (marks[name] = value) },
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
  };
}

const bootedOnce = ["copy of React Router's module script"];

describe("the script that boots a page after its first paint", () => {
  it("puts React Router's module script in place once the page has painted, and only once", () => {
    const page = runScript();
    expect(page.booted).toEqual([]);
    page.paint();
    expect(page.booted).toEqual(bootedOnce);
    page.dispatch("visibilitychange");
    page.fire(BOOT_AT_THE_LATEST_MS);
    expect(page.booted).toEqual(bootedOnce);
  });

  it("boots at once in a hidden page, which does not paint", () => {
    expect(runScript({ visibilityState: "hidden" }).booted).toEqual(bootedOnce);
  });

  it("boots at once in a browser without paint timing", () => {
    expect(runScript({ paintTiming: false }).booted).toEqual(bootedOnce);
  });

  it("reads no storage and listens for nothing on a page that is not on demand", () => {
    const page = runScript();
    page.paint();
    expect(page.storageReads).toEqual([]);
    expect(page.early()).toBeUndefined();
  });

  describe("on a content page whose loader starts when needed", () => {
    const waiting = { [ISLANDS_WAITING[0]]: ISLANDS_WAITING[1] };

    it("waits after the paint for a new visitor's first use, then boots once, keeping the events", () => {
      const page = runScript({ onDemand: true });
      page.paint();
      expect(page.storageReads).toEqual([COOKIES_ACCEPTED_KEY]);
      expect(page.booted).toEqual([]);
      expect(page.marks).toEqual(waiting);
      const over = { type: "pointerover" };
      const click = { type: "click" };
      // A pointer over the page is kept but starts nothing (Chromium sends one to what lies under a
      // resting mouse); after the paint a move does, and is not kept.
      page.dispatch("pointerover", over);
      expect(page.booted).toEqual([]);
      page.dispatch("pointermove", { type: "pointermove", movementX: 0, movementY: 0 });
      expect(page.booted).toEqual(bootedOnce);
      page.dispatch("click", click);
      expect(page.booted).toEqual(bootedOnce);
      expect(page.early()).toEqual([over, click]);
      // The loader, once its own listeners are on, stops the page's.
      page.stopEarly();
      page.dispatch("keydown", { type: "keydown" });
      expect(page.early()).toEqual([over, click]);
    });

    it("does not count the move of 0 px Chromium sends a resting mouse as the page is first laid out", () => {
      const page = runScript({ onDemand: true });
      page.dispatch("pointerover", { type: "pointerover" });
      page.dispatch("pointermove", { type: "pointermove", movementX: 0, movementY: 0 });
      page.paint();
      expect(page.booted).toEqual([]);
      const moved = runScript({ onDemand: true });
      moved.dispatch("pointermove", { type: "pointermove", movementX: 4, movementY: 1 });
      moved.paint();
      expect(moved.booted).toEqual(bootedOnce);
    });

    it("boots at the paint for a visitor who accepted cookies (their speed is measured)", () => {
      const page = runScript({ onDemand: true, accepted: true });
      page.paint();
      expect(page.booted).toEqual(bootedOnce);
      expect(page.marks).toEqual({});
    });

    it("boots at the paint when the page was used before it painted (opened scrolled to a #fragment)", () => {
      const page = runScript({ onDemand: true });
      page.dispatch("scroll", { type: "scroll" });
      expect(page.booted).toEqual([]);
      page.paint();
      expect(page.booted).toEqual(bootedOnce);
    });

    it("listens for the first use: a pointer moving or pressed, touch, focus, key, click and scroll", () => {
      const page = runScript({ onDemand: true });
      page.paint();
      for (const type of [
        "pointermove",
        "pointerdown",
        "touchstart",
        "focusin",
        "keydown",
        "click",
        "scroll",
      ]) {
        const other = runScript({ onDemand: true });
        other.paint();
        other.dispatch(type, { type, movementX: 2, movementY: 0 });
        expect(other.booted, type).toEqual(bootedOnce);
      }
      expect(page.booted).toEqual([]);
    });
  });

  it("boots when the page is hidden before it paints, or after 3 s without a paint", () => {
    const hidden = runScript();
    hidden.dispatch("visibilitychange");
    expect(hidden.booted).toEqual(bootedOnce);
    const silent = runScript();
    silent.fire(BOOT_AT_THE_LATEST_MS);
    expect(silent.booted).toEqual(bootedOnce);
  });

  describe("a failed import()", () => {
    const failure = (message: string) => {
      const event = { reason: new TypeError(message), defaultPrevented: false, preventDefault: () => {} };
      event.preventDefault = () => (event.defaultPrevented = true);
      return event;
    };
    const messages = [
      "Failed to fetch dynamically imported module: http://x/assets/a.js",
      "error loading dynamically imported module: http://x/assets/a.js",
      "Importing a module script failed.",
    ];

    it.each(messages)("is reported a second later on a page the visitor stays on (%s)", (message) => {
      const page = runScript();
      const event = failure(message);
      page.dispatch("unhandledrejection", event);
      expect(event.defaultPrevented).toBe(true);
      expect(page.reported).toEqual([]);
      page.fire(IMPORT_FAILURE_GRACE_MS);
      expect(page.reported).toEqual([event.reason]);
    });

    it("is not reported when the page is being left: that is the visitor's navigation", () => {
      const page = runScript();
      page.dispatch("unhandledrejection", failure(messages[0]!));
      page.dispatch("pagehide");
      page.fire(IMPORT_FAILURE_GRACE_MS);
      expect(page.reported).toEqual([]);
    });

    it("of the client entry, caught by React Router's boot, is reported unless the page is being left", () => {
      const stays = runScript();
      const error = new TypeError(messages[1]);
      stays.bootFailed(error);
      expect(stays.reported).toEqual([]);
      stays.fire(IMPORT_FAILURE_GRACE_MS);
      expect(stays.reported).toEqual([error]);
      const left = runScript();
      left.bootFailed(error);
      left.dispatch("pagehide");
      left.fire(IMPORT_FAILURE_GRACE_MS);
      expect(left.reported).toEqual([]);
    });

    it("leaves every other rejection to the browser", () => {
      const page = runScript();
      const event = failure("x is not a function");
      page.dispatch("unhandledrejection", event);
      page.dispatch("unhandledrejection", { reason: undefined, preventDefault: () => expect.fail() });
      expect(event.defaultPrevented).toBe(false);
    });
  });
});
