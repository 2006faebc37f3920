/**
 * The one test API of the cross-engine suite: what a check needs from a browser tab, whatever the
 * engine and the protocol behind it (puppeteer.ts: Chromium over CDP, Firefox over WebDriver BiDi;
 * webkit.ts: WebKitGTK over W3C WebDriver). Every check is written once, on Tab (tab.ts), which
 * builds the DOM-level actions (find, click, type into a field, wait for) on these primitives.
 */

export const engineNames = ["chromium", "firefox", "webkit"] as const;
export type EngineName = (typeof engineNames)[number];

/** Keys a check presses by name (W3C WebDriver and Puppeteer both know them). */
export type Key = "Tab" | "Enter" | "Escape" | "ArrowDown" | "ArrowUp" | "End" | "Home" | "Space";

export interface PageErrors {
  /** Console messages at level error: console.error, and the engine's own (CSP, failed loads). */
  console: string[];
  /** Exceptions nobody caught and promise rejections nobody handled. */
  uncaught: string[];
}

/** One tab of one fresh visitor: no cookies, storage, cache or init scripts from an earlier tab. */
export interface Driver {
  /** Loads an absolute URL; resolves at the page's load event. */
  goto(url: string): Promise<void>;
  /** Runs a JavaScript expression in the page, awaits it if it is a promise, returns it as JSON. */
  evaluate(expression: string): Promise<unknown>;
  /** The real pointer (a mouse), at viewport coordinates in CSS pixels. */
  mouseMove(x: number, y: number): Promise<void>;
  click(x: number, y: number): Promise<void>;
  /** The real keyboard, into whatever has focus: one key press per character. */
  type(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Size of the layout viewport in CSS pixels. */
  setViewport(width: number, height: number): Promise<void>;
  /** PNG of the viewport. */
  screenshot(path: string): Promise<void>;
  /** Source run at the start of every later document of this tab, before the page's own scripts. */
  addInitScript(source: string): Promise<void>;
  /** Everything reported since the tab opened (drivers that read a log flush it first). */
  errors(): Promise<PageErrors>;
  close(): Promise<void>;
}

/** One running browser of one engine; tabs are opened one after another, never two at once. */
export interface EngineBrowser {
  readonly name: EngineName;
  newTab(): Promise<Driver>;
  /** What the engine can tell about a page that stopped answering (WebKit: backtraces, its log). */
  diagnose?(): Promise<string>;
  close(): Promise<void>;
}
