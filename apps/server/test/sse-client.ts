// A Server-Sent Events client for the tests: fetch with a streamed body, parsed as the HTML standard
// says (event, id, data lines; a blank line ends an event; ":" lines are comments).

export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

export class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  headers: Headers | undefined;
  ended = false;
  /** The body of an answer that opened no stream. */
  refusal = "";
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    const res = await fetch(url, {
      headers: { accept: "text/event-stream", ...headers },
      signal: client.abort.signal,
    });
    client.status = res.status;
    client.headers = res.headers;
    if (res.ok && res.body) void client.read(res.body);
    else {
      client.refusal = await res.text();
      client.ended = true;
    }
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = "";
    let current: { event?: string; id?: string; data: string[] } = { data: [] };
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.search(/\r\n|\n|\r/)) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + (buffer.startsWith("\r\n", nl) ? 2 : 1));
          if (line === "") {
            if (current.data.length > 0) {
              this.events.push({
                event: current.event ?? "message",
                id: current.id,
                data: current.data.join("\n"),
              });
              this.wake();
            }
            current = { data: [] };
          } else if (!line.startsWith(":")) {
            const i = line.indexOf(":");
            const field = i < 0 ? line : line.slice(0, i);
            const value = i < 0 ? "" : line.slice(i + 1).replace(/^ /, "");
            if (field === "data") current.data.push(value);
            else if (field === "event") current.event = value;
            else if (field === "id") current.id = value;
          }
        }
      }
    } catch {
      // Aborted, or the connection dropped.
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** The events named `event`, their data parsed as JSON. */
  of<T = unknown>(event: string): T[] {
    return this.events.filter((e) => e.event === event).map((e) => JSON.parse(e.data) as T);
  }

  /** Resolves once `predicate` holds (checked after every event), or rejects after `timeoutMs`. */
  async until(
    predicate: (c: SseClient) => boolean,
    timeoutMs = 5_000,
    what = "the expected events",
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The id of the last event that had one (what an EventSource sends as Last-Event-ID). */
  lastEventId(): string | undefined {
    return this.events.filter((e) => e.id !== undefined).at(-1)?.id;
  }

  close() {
    this.abort.abort();
  }
}
