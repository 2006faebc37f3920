import { act } from "@testing-library/react";
import { vi } from "vitest";

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
      await act(async () => pending.shift()!.resolve(new Response(JSON.stringify(body), { status })));
    },
    fail: async (error: unknown) => {
      await act(async () => pending.shift()!.reject(error));
    },
  };
}
