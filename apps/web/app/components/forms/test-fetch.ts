import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * Settles a pending request and lets React render what follows from it: the form awaits the answer
 * through a few promise steps (the client's error mapping, reading the body), more than one act()
 * flushes, so the microtask queue is drained once more inside act.
 */
async function settle(step: () => void) {
  await act(async () => {
    step();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

/** fetch is the only thing mocked: it is the edge of the browser. */
export function mockFetch() {
  const pending: { resolve: (r: Response) => void; reject: (e: unknown) => void }[] = [];
  const fetchMock = vi.fn(
    (_url: string, _init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => pending.push({ resolve, reject })),
  );
  vi.stubGlobal("fetch", fetchMock);
  const call = (i: number) => {
    const [url, init] = fetchMock.mock.calls[i]!;
    const headers = init!.headers as Record<string, string>;
    return { url, init: init!, key: headers["Idempotency-Key"], body: JSON.parse(init!.body as string) };
  };
  return {
    fetchMock,
    call,
    answer: async (status: number, body: unknown = status < 300 ? { id: "lead-1" } : { error: "x" }) => {
      await settle(() => pending.shift()!.resolve(new Response(JSON.stringify(body), { status })));
    },
    fail: async (error: unknown) => {
      await settle(() => pending.shift()!.reject(error));
    },
  };
}
