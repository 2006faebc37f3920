/**
 * The few W3C WebDriver (classic) commands the WebKit driver sends, over fetch. The protocol is a
 * small JSON-over-HTTP API (https://www.w3.org/TR/webdriver2/); its client libraries for Node bring
 * along driver downloaders and a hundred packages this suite would not use.
 */

export class WebDriverError extends Error {}

/** Every command gives up after this long: a page that stopped answering must fail a check, not hang it. */
const COMMAND_TIMEOUT_MS = 30_000;

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  static async create(serverUrl: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = await send<{ sessionId: string }>(
      "POST",
      `${serverUrl}/session`,
      { capabilities: { alwaysMatch: capabilities } },
      60_000,
    );
    return new WebDriverSession(`${serverUrl}/session/${value.sessionId}`, value.sessionId);
  }

  command<T = unknown>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
    return send<T>(method, `${this.base}${path}`, body, COMMAND_TIMEOUT_MS);
  }

  navigate(url: string) {
    return this.command("POST", "/url", { url });
  }

  /** Runs a script body whose last argument is the callback that ends it (Execute Async Script). */
  executeAsync<T>(script: string, args: unknown[] = []): Promise<T> {
    return this.command<T>("POST", "/execute/async", { script, args });
  }

  performActions(actions: unknown[]) {
    return this.command("POST", "/actions", { actions });
  }

  setWindowRect(width: number, height: number) {
    return this.command("POST", "/window/rect", { width, height });
  }

  /** Base64 PNG of the viewport. */
  screenshot(): Promise<string> {
    return this.command<string>("GET", "/screenshot");
  }

  async delete() {
    await send("DELETE", this.base, undefined, 10_000);
  }
}

async function send<T>(method: string, url: string, body: unknown, timeoutMs: number): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((error: unknown) => {
    const reason =
      error instanceof Error && error.name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : error;
    throw new WebDriverError(`${method} ${new URL(url).pathname}: ${String(reason)}`);
  });
  const json = (await res.json()) as { value: T & { error?: string; message?: string } };
  if (!res.ok) {
    throw new WebDriverError(
      `${method} ${new URL(url).pathname}: ${json.value?.error ?? res.status} ${json.value?.message ?? ""}`,
    );
  }
  return json.value;
}
