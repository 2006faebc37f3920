import { describe, expect, it } from "vitest";
import { BOOT_AFTER_PAINT_SCRIPT, BOOT_AT_THE_LATEST_MS, IMPORT_FAILURE_GRACE_MS } from "./boot-after-paint";
import { ROUTER_BOOT_ID } from "./router-page";

// The script that runs React Router's boot after the first paint, run with the browser's parts faked:
// when it puts a copy of the boot's <template> content in the template's place.

interface Options {
  visibilityState?: "visible" | "hidden";
  paintTiming?: boolean;
}

function runScript({ visibilityState = "visible", paintTiming = true }: Options = {}) {
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
  let template: { content: string; replaceWith: (node: string) => void } | null = {
    content: "React Router's module script",
    replaceWith: (node) => {
      booted.push(node);
      template = null;
    },
  };
  const run = new Function(
    "document",
    "addEventListener",
    "PerformanceObserver",
    "setTimeout",
    "reportError",
    BOOT_AFTER_PAINT_SCRIPT,
  ) as (...args: unknown[]) => void;
  run(
    {
      visibilityState,
      getElementById: (id: string) => (expect(id).toBe(ROUTER_BOOT_ID), template),
      importNode: (node: string, deep: boolean) => (expect(deep).toBe(true), `copy of ${node}`),
    },
    (type: string, listener: (event?: unknown) => void) => (listeners[type] ??= []).push(listener),
    FakeObserver,
    (callback: () => void, ms: number) => timers.push({ callback, ms }),
    (error: unknown) => reported.push(error),
  );
  const dispatch = (type: string, event?: unknown) => listeners[type]?.forEach((listener) => listener(event));
  const fire = (ms: number) => timers.filter((t) => t.ms === ms).forEach((t) => t.callback());
  return { booted, dispatch, fire, reported, paint: () => paint() };
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

    it("leaves every other rejection to the browser", () => {
      const page = runScript();
      const event = failure("x is not a function");
      page.dispatch("unhandledrejection", event);
      page.dispatch("unhandledrejection", { reason: undefined, preventDefault: () => expect.fail() });
      expect(event.defaultPrevented).toBe(false);
    });
  });
});
