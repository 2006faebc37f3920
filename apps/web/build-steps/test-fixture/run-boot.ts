// Runs a paint-first boot script (an inline module script, top-level await) with the browser's parts
// faked, recording what it asks for: the links it appends to <head> and the modules it imports.
import { expect } from "vitest";

export function runBoot(code: string, visibilityState: "visible" | "hidden") {
  const calls: string[] = [];
  const head: { rel?: string; href?: string }[] = [];
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
      head: { append: (link: { rel?: string; href?: string }) => head.push(link) },
      createElement: () => ({}),
    },
    () => {},
    FakeObserver,
    FakeChannel,
    (callback: () => void, ms: number) => timers.push({ callback, ms }),
    {},
    async (href: string) => {
      calls.push(href);
      return { href };
    },
  );
  return { calls, head, done, timers, channels, paint: () => paint() };
}
