/**
 * A fake clock for the timings of the spec (offer popup at 10 s, carousel every 3 s) in every
 * engine: @sinonjs/fake-timers (the library Playwright's own clock grew from) installed by an init
 * script before the page's scripts run. Timers and Date stand still until the check moves them with
 * `runFor`; animation frames, MessageChannel and paint timing stay real, so the page boots,
 * hydrates and animates as usual.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Tab } from "./tab";

const require = createRequire(import.meta.url);
const library = readFileSync(require.resolve("@sinonjs/fake-timers/src/fake-timers-src.js"), "utf8");

// The library is a CommonJS module whose only import a browser needs is the global object.
const installScript = `(() => {
  const module = { exports: {} };
  const require = (name) => {
    if (name === "@sinonjs/commons") return { global: globalThis };
    throw new Error("not in a browser: " + name);
  };
  (function (module, exports, require) {
${library}
  })(module, module.exports, require);
  globalThis.__enginesClock = module.exports.withGlobal(globalThis).install({
    now: Date.now(),
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
  });
})();`;

/** Installs the paused clock in every document the tab loads from now on. */
export function installClock(tab: Tab) {
  return tab.addInitScript(installScript);
}

/** Moves the page's clock forward, firing every timer that falls due on the way. */
export function runFor(tab: Tab, ms: number) {
  return tab.run((duration: number) => {
    (globalThis as unknown as { __enginesClock: { tick(ms: number): void } }).__enginesClock.tick(duration);
  }, ms);
}
