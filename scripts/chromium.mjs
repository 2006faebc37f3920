// The one way this project launches a browser (Playwright tests, `npm run perf`): Debian's Chromium,
// never a downloaded one, with no background traffic.
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const headlessShell = "/usr/bin/chromium-headless-shell";

/**
 * The browser `npm run perf` runs Lighthouse in: Chromium's headless shell (Debian package
 * chromium-headless-shell), the same Blink, V8 and process model without the desktop browser's own
 * UI. The full browser starts renderers for its UI (the omnibox popup) and does their work while the
 * audited page loads; on a small machine that steals the CPU from the page's main thread, and
 * Lighthouse multiplies that wall time by four (docs/decisions/0007-paint-first-loading.md). Falls back to
 * the full browser when the shell is not installed; PERF_CHROMIUM_PATH overrides both.
 */
export const lighthouseChromiumPath =
  process.env.PERF_CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : chromiumPath);
