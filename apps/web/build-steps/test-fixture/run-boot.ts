// Runs a paint-first boot script (an inline module script, top-level await) with the browser's parts
// faked, recording what it asks for: the links it appends to <head> and the modules it imports. `failImport` makes the import of that URL reject, as a cancelled load does.
import { expect } from "vitest";

export function runBoot(code: string, visibilityState: "visible" | "hidden", failImport?: string) {
  const calls: string[] = [];
  const listeners: Record<string, (() => void)[]> = {};
  const head: Record<string, string>[] = [];
  let paint = () => {};
  const timers: { ms: number; callback: () => void }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ["paint", "layout-shift"];
    constructor(private readonly callback: (list: unknown, observer: FakeObserver) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      paint = () => this.callback([], this);
    }
    disconnect() {}
  }
  const channels: FakeChannel[] = [];
  class FakeChannel {
    constructor() {
      channels.push(this);
    }
    port1: { onmessage?: () => void } = {};
    port2 = { postMessage: () => queueMicrotask(() => this.port1.onmessage?.()) };
  }
  const run = new Function(
    "document",
    "addEventListener",
    "PerformanceObserver",
    "MessageChannel",
    "setTimeout",
    "window",
    "__import",
    `return (async () => {${code.replaceAll("import(", "__import(")}})();`,
  ) as (...args: unknown[]) => Promise<void>;
  const done = run(
    {
      visibilityState,
      head: { append: (link: Record<string, string>) => head.push(link) },
      createElement: () => ({}),
    },
    (type: string, listener: () => void) => (listeners[type] ??= []).push(listener),
    FakeObserver,
    FakeChannel,
    (callback: () => void, ms: number) => timers.push({ callback, ms }),
    {},
    async (href: string) => {
      calls.push(href);
      if (href === failImport) throw new TypeError(`error loading dynamically imported module: ${href}`);
      return { href };
    },
  );
  const dispatch = (type: string) => listeners[type]?.forEach((listener) => listener());
  return { calls, head, done, timers, channels, dispatch, paint: () => paint() };
}
