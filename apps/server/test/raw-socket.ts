import net from "node:net";

// A raw TCP client for what fetch cannot do: pipelining garbage, trickling bytes, staying silent.

export interface RawConnection {
  socket: net.Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves with the time (ms since connect) when the server closed the connection. */
  closed: Promise<number>;
  write(data: string): void;
  /** Writes `data` one byte every `everyMs` until done or the connection closes. */
  trickle(data: string, everyMs: number): Promise<void>;
}

export async function connectRaw(port: number, host = "127.0.0.1"): Promise<RawConnection> {
  const socket = net.connect(port, host);
  let received = "";
  const started = Date.now();
  socket.on("data", (d: Buffer) => (received += d.toString()));
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now() - started)));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return {
    socket,
    received: () => received,
    closed,
    write: (data) => void socket.write(data),
    async trickle(data, everyMs) {
      for (const ch of data) {
        if (socket.destroyed || socket.writableEnded) return;
        socket.write(ch);
        await new Promise((r) => setTimeout(r, everyMs));
      }
    },
  };
}

/** A complete HTTP/1.1 POST of a JSON body. */
export function rawPost(path: string, body: string, headers: Record<string, string> = {}): string {
  const lines = [
    `POST ${path} HTTP/1.1`,
    "Host: localhost",
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** Splits a byte stream of HTTP/1.1 responses (with Content-Length bodies) into status and body. */
export function parseResponses(stream: string): { status: number; headers: string; body: string }[] {
  const out: { status: number; headers: string; body: string }[] = [];
  let rest = stream;
  while (rest.startsWith("HTTP/1.1 ")) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) break;
    const head = rest.slice(0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    out.push({
      status: Number(head.slice(9, 12)),
      headers: head,
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}
