/**
 * What a check does in a page, written once for every engine on the Driver primitives: find an
 * element as a visitor would (by CSS and its visible name), make sure a pointer can reach it,
 * click, type, wait for a condition in the page.
 */
import { PAGE_READY_SELECTOR } from "../app/components/island-attributes";
import type { Driver, EngineName, Key, PageErrors } from "./driver/driver";

/** A CSS selector, optionally narrowed to the elements whose aria-label or text is exactly `name`. */
export type Target = string | { css: string; name: string };

type Truthy<T> = Exclude<T, false | null | undefined | 0 | "">;

export interface Reach {
  /** Centre of the element in viewport coordinates. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Whether the topmost element at the centre is the element (or inside it). */
  hit: boolean;
  /** What a tap at the centre would land on instead. */
  hitBy: string;
}

/**
 * Runs in the page (serialised with toString, so self-contained). Finds the first rendered match;
 * when its centre is not the topmost point, scrolls it to the middle of its scroll containers as
 * a visitor would, then tests again.
 */
function reachInPage(css: string, name: string | null): Reach | string {
  const label = (el: Element) =>
    (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim();
  const all = Array.from(document.querySelectorAll(css)).filter((el) => name === null || label(el) === name);
  const el = all.find((candidate) => candidate.getClientRects().length > 0);
  if (!el)
    return `${all.length} match(es) for ${css}${name === null ? "" : ` named "${name}"`}, none rendered`;
  const describe = (node: Element | null) =>
    node
      ? `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}> "${label(node).slice(0, 40)}"` +
        (node.closest("[data-cookie-banner]") ? " in the cookie banner" : "")
      : "nothing";
  const measure = (): Reach => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    const hit = top !== null && (top === el || el.contains(top));
    return { x, y, width: r.width, height: r.height, hit, hitBy: describe(top) };
  };
  const first = measure();
  if (first.hit) return first;
  el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
  return measure();
}

/** Runs in the page: whether an element matching `css` is rendered (has a box), as `wanted` says. */
function renderedIs(css: string, wanted: boolean) {
  return Array.from(document.querySelectorAll(css)).some((el) => el.getClientRects().length > 0) === wanted;
}

/**
 * A page that has not answered a script (or finished a load) for this long has frozen (issue 28: WebKit
 * could spin a page's main thread forever). Every check fails then, whatever it was waiting for, instead
 * of waiting for its own, longer timeouts.
 */
export const FROZEN_AFTER_MS = 20_000;

export class PageFrozenError extends Error {
  override name = "PageFrozenError";
}

/** `work`, or a PageFrozenError once it has not settled within FROZEN_AFTER_MS. */
async function unlessFrozen<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frozen = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new PageFrozenError(`the page stopped answering: ${what} took over ${FROZEN_AFTER_MS} ms`)),
      FROZEN_AFTER_MS,
    );
  });
  try {
    return await Promise.race([work, frozen]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A script that could not run because its page was being replaced by the next one (links load
 * documents): Chromium's DevTools protocol says so; a poll then just tries again, in the new page.
 */
const pageReplaced = (error: unknown) =>
  error instanceof Error &&
  /Execution context was destroyed|Cannot find context with specified id|Inspected target navigated/.test(
    error.message,
  );

const targetArgs = (target: Target): [string, string | null] =>
  typeof target === "string" ? [target, null] : [target.css, target.name];

const describeTarget = (target: Target) =>
  typeof target === "string" ? target : `${target.css} "${target.name}"`;

export class Tab {
  constructor(
    readonly driver: Driver,
    readonly engine: EngineName,
    private readonly baseURL: string,
  ) {}

  url(path: string) {
    return /^https?:/.test(path) ? path : `${this.baseURL}${path}`;
  }

  /** Loads a page (a path of the site, or an absolute URL) and resolves at its load event. */
  goto(path: string) {
    return unlessFrozen(this.driver.goto(this.url(path)), `loading ${path}`);
  }

  /** Loads a page and waits until it is ready for the visitor (PAGE_READY_SELECTOR). */
  async open(path: string) {
    await this.goto(path);
    await this.waitForHydration();
  }

  waitForHydration(timeout = 15_000) {
    return this.waitFor((selector) => document.querySelector(selector) !== null, [PAGE_READY_SELECTOR], {
      timeout,
      message: "the page hydrated",
    });
  }

  /**
   * Runs `fn` in the page with JSON arguments; `fn` must be self-contained (it is sent as source). A
   * page that does not answer within FROZEN_AFTER_MS fails the check.
   */
  async run<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    const call = `(${fn.toString()})(...${JSON.stringify(args)})`;
    return (await unlessFrozen(this.driver.evaluate(call), `a script`)) as Awaited<R>;
  }

  /** Polls `fn` in the page until it returns something truthy; returns that. */
  async waitFor<A extends unknown[], R>(
    fn: (...args: A) => R,
    args: A,
    { timeout = 7_000, message = fn.toString() }: { timeout?: number; message?: string } = {},
  ): Promise<Truthy<Awaited<R>>> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = await this.run(fn, ...args).catch((error: unknown) => {
        if (pageReplaced(error)) return undefined;
        throw error;
      });
      if (value) return value as Truthy<Awaited<R>>;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for: ${message}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Whether an element matching `css` is rendered. */
  shown(css: string): Promise<boolean> {
    return this.run(renderedIs, css, true);
  }

  /** Waits until an element matching `css` is rendered (or, with `shown` false, none is). */
  async waitUntilShown(css: string, shown = true, timeout = 7_000) {
    await this.waitFor(renderedIs, [css, shown], {
      timeout,
      message: `${css} ${shown ? "shown" : "gone"}`,
    });
  }

  /** Where a pointer would press `target`, after scrolling it into view if it is covered or off screen. */
  async reach(target: Target): Promise<Reach> {
    const found = await this.run(reachInPage, ...targetArgs(target));
    if (typeof found === "string") throw new Error(found);
    return found;
  }

  /** Presses `target` with the pointer at its centre; fails if something else is on top there. */
  async click(target: Target) {
    const reach = await this.waitForReach(target);
    await this.driver.click(reach.x, reach.y);
  }

  /** Moves the pointer onto `target` (hover). */
  async hover(target: Target) {
    const reach = await this.waitForReach(target);
    await this.driver.mouseMove(reach.x, reach.y);
  }

  /** Clicks into a field and types `text` key by key, as a visitor does. */
  async fill(target: Target, text: string) {
    await this.click(target);
    await this.driver.type(text);
  }

  type(text: string) {
    return this.driver.type(text);
  }

  press(key: Key) {
    return this.driver.press(key);
  }

  mouseMove(x: number, y: number) {
    return this.driver.mouseMove(x, y);
  }

  setViewport(width: number, height: number) {
    return this.driver.setViewport(width, height);
  }

  screenshot(path: string) {
    return this.driver.screenshot(path);
  }

  addInitScript(source: string) {
    return this.driver.addInitScript(source);
  }

  /**
   * Errors reported so far, without those that mention one of the texts of expectErrorsMentioning
   * (engines file some of their own reports, a refused cross-origin request in Firefox and WebKit,
   * as script errors).
   */
  async errors(): Promise<PageErrors> {
    const { console, uncaught } = await this.driver.errors();
    const unexpected = (message: string) => !this.expected.some((text) => message.includes(text));
    return { console: console.filter(unexpected), uncaught: uncaught.filter(unexpected) };
  }

  /** Declares that this check makes the engine report errors that mention `texts`. */
  expectErrorsMentioning(...texts: string[]) {
    this.expected.push(...texts);
  }

  private readonly expected: string[] = [];

  /** Waits (briefly: it may still be appearing or settling) until `target` can be pressed. */
  private async waitForReach(target: Target, timeout = 5_000): Promise<Reach> {
    const deadline = Date.now() + timeout;
    for (;;) {
      let problem: string;
      try {
        const reach = await this.reach(target);
        if (reach.hit && reach.width > 0 && reach.height > 0) return reach;
        problem = `covered by ${reach.hitBy}`;
      } catch (error) {
        problem = (error as Error).message;
      }
      if (Date.now() > deadline) throw new Error(`cannot press ${describeTarget(target)}: ${problem}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
