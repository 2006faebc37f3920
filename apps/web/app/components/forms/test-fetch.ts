import { CHALLENGE_PATH } from "@site/contracts/challenge";
import { act } from "@testing-library/react";
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { expect, vi } from "vitest";

/** The key the test's challenges are signed with (a service's is its own). */
export const TEST_CHALLENGE_SECRET = "a test key for the challenges of the form tests";

/** A real challenge, as the service issues it, at test cost (one iteration, a few tries). */
const testChallenge = () =>
  createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: 1,
    counter: 3,
    deriveKey,
    expiresAt: new Date(Date.now() + 10 * 60_000),
    hmacSignatureSecret: TEST_CHALLENGE_SECRET,
  });

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

/**
 * fetch is the only thing mocked: it is the edge of the browser. `fetchMock` is the form's POSTs,
 * answered by the test; a GET of the proof-of-work challenge is answered at once with a real one.
 */
export function mockFetch() {
  const pending: { resolve: (r: Response) => void; reject: (e: unknown) => void }[] = [];
  const fetchMock = vi.fn(
    (_url: string, _init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => pending.push({ resolve, reject })),
  );
  const challenges = vi.fn(async () => new Response(JSON.stringify(await testChallenge()), { status: 200 }));
  vi.stubGlobal("fetch", (url: string, init?: RequestInit) =>
    url.endsWith(CHALLENGE_PATH) ? challenges() : fetchMock(url, init),
  );
  const call = (i: number) => {
    const [url, init] = fetchMock.mock.calls[i]!;
    const headers = init!.headers as Record<string, string>;
    return { url, init: init!, key: headers["Idempotency-Key"], body: JSON.parse(init!.body as string) };
  };
  return {
    fetchMock,
    challenges,
    call,
    // Each waits for the form's request first: it is sent once the challenge is solved.
    answer: async (status: number, body: unknown = status < 300 ? { id: "lead-1" } : { error: "x" }) => {
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
      await settle(() => pending.shift()!.resolve(new Response(JSON.stringify(body), { status })));
    },
    fail: async (error: unknown) => {
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
      await settle(() => pending.shift()!.reject(error));
    },
    /** Resolves once the form has sent `n` requests. */
    sent: (n: number) => vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(n)),
  };
}
