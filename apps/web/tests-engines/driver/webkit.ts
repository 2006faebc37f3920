/**
 * WebKitGTK (Debian's webkit2gtk-driver) over W3C WebDriver, under Xvfb. WebKitWebDriver starts
 * our own small browser (webkit-browser.py) rather than MiniBrowser: a window that is only a web
 * view (375 px wide when asked), non-ephemeral so its console reaches standard error, and able to
 * run init scripts and forget a visitor. One WebKitWebDriver session per engine and worker.
 */
import { type ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Driver, EngineBrowser, Key, PageErrors } from "./driver";
import { freePort, spawnGroup, startXvfb, stop } from "./processes";
import { WebDriverSession } from "./webdriver-client";
import { webkitBacktraces } from "./webkit-backtraces";
import { pageErrorsOf } from "./webkit-console";

export const webkitDriverPath = process.env.WEBKIT_WEBDRIVER_PATH ?? "/usr/bin/WebKitWebDriver";
const browserScript = fileURLToPath(new URL("./webkit-browser.py", import.meta.url));

/** Key values of the W3C WebDriver specification ("Keyboard actions"). */
const keyValues: Record<Key, string> = {
  Tab: "\uE004",
  Enter: "\uE007",
  Escape: "\uE00C",
  ArrowDown: "\uE015",
  ArrowUp: "\uE013",
  End: "\uE010",
  Home: "\uE011",
  Space: " ",
};

const keyActions = (values: string[]) => [
  {
    type: "key",
    id: "keyboard",
    actions: values.flatMap((value) => [
      { type: "keyDown", value },
      { type: "keyUp", value },
    ]),
  },
];

const mouseActions = (steps: object[]) => [
  { type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions: steps },
];

const moveTo = (x: number, y: number) => ({
  type: "pointerMove",
  origin: "viewport",
  x: Math.round(x),
  y: Math.round(y),
  duration: 0,
});

/** Messages to webkit-browser.py, answered once it has done what was asked. */
const toBrowser = (message: object) =>
  `window.webkit.messageHandlers.testBrowser.postMessage(${JSON.stringify(message)})`;

/** Standard error of WebKitWebDriver, where the browser's console lines arrive, kept line by line. */
class ConsoleLog {
  readonly lines: string[] = [];
  private partial = "";

  constructor(stream: NodeJS.ReadableStream) {
    stream.on("data", (chunk: Buffer) => {
      const parts = (this.partial + chunk.toString()).split("\n");
      this.partial = parts.pop() ?? "";
      this.lines.push(...parts);
    });
  }
}

let flushes = 0;

class WebKitTab implements Driver {
  private readonly firstLine: number;

  constructor(
    private readonly session: WebDriverSession,
    private readonly log: ConsoleLog,
  ) {
    this.firstLine = log.lines.length;
  }

  async goto(url: string) {
    await this.session.navigate(url);
  }

  async evaluate(expression: string): Promise<unknown> {
    const result = await this.session.executeAsync<{ value?: unknown; error?: string }>(
      `const done = arguments[arguments.length - 1];
       Promise.resolve().then(() => (${expression})).then(
         (value) => done({ value: value === undefined ? null : value }),
         (error) => done({ error: String((error && error.stack) || error) }));`,
    );
    if (result.error !== undefined) throw new Error(`evaluation failed: ${result.error}`);
    return result.value;
  }

  async mouseMove(x: number, y: number) {
    await this.session.performActions(mouseActions([moveTo(x, y)]));
  }

  async click(x: number, y: number) {
    await this.session.performActions(
      mouseActions([moveTo(x, y), { type: "pointerDown", button: 0 }, { type: "pointerUp", button: 0 }]),
    );
  }

  async type(text: string) {
    await this.session.performActions(keyActions([...text]));
  }

  async press(key: Key) {
    await this.session.performActions(keyActions([keyValues[key]]));
  }

  async setViewport(width: number, height: number) {
    // The window is the web view and nothing else, so its size is the viewport's.
    await this.session.setWindowRect(width, height);
  }

  async screenshot(path: string) {
    await writeFile(path, Buffer.from(await this.session.screenshot(), "base64"));
  }

  async addInitScript(source: string) {
    await this.evaluate(toBrowser({ command: "addInitScript", source }));
  }

  /** Logs a marker through the page's console and waits for it: every earlier line has arrived. */
  async errors(): Promise<PageErrors> {
    const marker = `engines-flush-${++flushes}`;
    await this.evaluate(`console.log(${JSON.stringify(marker)})`).catch(() => undefined);
    const deadline = Date.now() + 3_000;
    while (!this.log.lines.slice(this.firstLine).some((line) => line.endsWith(marker))) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return pageErrorsOf(this.log.lines.slice(this.firstLine));
  }

  async close() {
    await this.session.navigate("about:blank").catch(() => undefined);
  }
}

class WebKitBrowser implements EngineBrowser {
  readonly name = "webkit";

  constructor(
    private readonly processes: ChildProcess[],
    private readonly session: WebDriverSession,
    private readonly log: ConsoleLog,
  ) {}

  /** The same web view, with init scripts, cookies, storage and caches dropped: a new visitor. */
  async newTab(): Promise<Driver> {
    await this.session.navigate("about:blank");
    const tab = new WebKitTab(this.session, this.log);
    await tab.evaluate(toBrowser({ command: "reset" }));
    return tab;
  }

  /** Backtraces of the browser's processes (all in WebKitWebDriver's process group), and its log. */
  diagnose() {
    const driver = this.processes[1];
    return driver?.pid === undefined
      ? Promise.resolve("WebKitWebDriver is not running")
      : webkitBacktraces(driver.pid, this.log.lines);
  }

  async close() {
    await this.session.delete().catch(() => undefined);
    for (const child of this.processes.reverse()) await stop(child);
  }
}

export async function launchWebKit(): Promise<EngineBrowser> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawnGroup(webkitDriverPath, [`--port=${port}`], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, DISPLAY: xvfb.display },
  });
  const log = new ConsoleLog(driver.stderr!);
  const server = `http://127.0.0.1:${port}`;
  // WebKitWebDriver listens a moment after it starts.
  const deadline = Date.now() + 15_000;
  while ((await fetch(`${server}/status`).catch(() => undefined))?.ok !== true) {
    if (Date.now() > deadline || driver.exitCode !== null) {
      await stop(driver);
      await stop(xvfb.process);
      throw new Error(`WebKitWebDriver did not start: ${log.lines.slice(-5).join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const session = await WebDriverSession.create(server, {
    "webkitgtk:browserOptions": { binary: browserScript, args: [] },
  });
  return new WebKitBrowser([xvfb.process, driver], session, log);
}
