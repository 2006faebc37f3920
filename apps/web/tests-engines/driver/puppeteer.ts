/**
 * Chromium (Debian's /usr/bin/chromium, over the DevTools protocol) and Firefox ESR (Debian's
 * firefox-esr, over WebDriver BiDi), both through puppeteer-core 24, the last major that runs on
 * Node 20. One browser per engine and worker; each tab is a new browser context (a fresh visitor).
 */
import puppeteer, { type Browser, type BrowserContext, type Page } from "puppeteer-core";
import { chromiumFlags, chromiumPath } from "../../../../scripts/chromium.mjs";
import type { Driver, EngineBrowser, Key, PageErrors } from "./driver";

export const firefoxPath = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

const keyNames: Record<Key, string> = {
  Tab: "Tab",
  Enter: "Enter",
  Escape: "Escape",
  ArrowDown: "ArrowDown",
  ArrowUp: "ArrowUp",
  End: "End",
  Home: "Home",
  Space: " ",
};

class PuppeteerTab implements Driver {
  private readonly reported: PageErrors = { console: [], uncaught: [] };

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const url = message.location().url;
      this.reported.console.push(url ? `${message.text()} (${url})` : message.text());
    });
    page.on("pageerror", (error) => {
      this.reported.uncaught.push(error instanceof Error ? error.message : String(error));
    });
  }

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: "load", timeout: 30_000 });
    // Over BiDi, a navigation started right after the previous load event can resolve on that
    // earlier page's events: make sure the new document is the one that has loaded. Its address without
    // the fragment: a page may rewrite its fragment as soon as it has run (the consultation's #confirm=…
    // becomes #manage=… once confirmed), which a poll after the load then never saw as given.
    const target = new URL(url);
    target.hash = "";
    await this.page.waitForFunction(
      (href: string) => location.href.split("#")[0] === href && document.readyState === "complete",
      { timeout: 30_000, polling: 20 },
      target.href,
    );
  }

  evaluate(expression: string): Promise<unknown> {
    return this.page.evaluate(expression);
  }

  mouseMove(x: number, y: number) {
    return this.page.mouse.move(x, y);
  }

  click(x: number, y: number) {
    return this.page.mouse.click(x, y);
  }

  type(text: string) {
    return this.page.keyboard.type(text);
  }

  press(key: Key) {
    return this.page.keyboard.press(keyNames[key] as Parameters<Page["keyboard"]["press"]>[0]);
  }

  setViewport(width: number, height: number) {
    return this.page.setViewport({ width, height, deviceScaleFactor: 1 });
  }

  async screenshot(path: string) {
    await this.page.screenshot({ path: path as `${string}.png` });
  }

  async addInitScript(source: string) {
    await this.page.evaluateOnNewDocument(source);
  }

  async errors(): Promise<PageErrors> {
    return { console: [...this.reported.console], uncaught: [...this.reported.uncaught] };
  }

  async close() {
    await this.context.close();
  }
}

class PuppeteerBrowser implements EngineBrowser {
  constructor(
    readonly name: "chromium" | "firefox",
    private readonly browser: Browser,
  ) {}

  async newTab(): Promise<Driver> {
    const context = await this.browser.createBrowserContext();
    return new PuppeteerTab(context, await context.newPage());
  }

  async close() {
    await this.browser.close();
  }
}

export async function launchChromium(): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({
    browser: "chrome",
    executablePath: chromiumPath,
    headless: true,
    // chromiumFlags: the workplace's flags (no background traffic); puppeteer adds its own headless flag.
    args: chromiumFlags.filter((flag) => flag !== "--headless"),
    defaultViewport: null,
  });
  return new PuppeteerBrowser("chromium", browser);
}

export async function launchFirefox(): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath,
    headless: true,
    defaultViewport: null,
  });
  return new PuppeteerBrowser("firefox", browser);
}
