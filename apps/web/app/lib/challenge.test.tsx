import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHALLENGE_TTL_MS } from "@site/contracts/challenge";
import { challengeSolver, useChallenge } from "./challenge";

const SECRET = "the service's key in these tests";
const SERVICE = "https://contact.example.com";

/** The service's GET /challenge: real challenges (test cost), or the given statuses first. */
function serveChallenges(opts: { failFirst?: number; expiresInMs?: number } = {}) {
  let failures = opts.failFirst ?? 0;
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    calls.push(url);
    if (failures-- > 0) return new Response("{}", { status: 503 });
    const challenge = await createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: 1,
      counter: 5,
      deriveKey,
      expiresAt: new Date(Date.now() + (opts.expiresInMs ?? 600_000)),
      hmacSignatureSecret: SECRET,
    });
    return new Response(JSON.stringify(challenge), { status: 200 });
  });
  return calls;
}

async function verified(payload: string | undefined) {
  const { challenge, solution } = JSON.parse(atob(payload!));
  return (await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: SECRET })).verified;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("challengeSolver", () => {
  it("solves one challenge however often it is started, and gives each solution once", async () => {
    const calls = serveChallenges();
    const solver = challengeSolver(SERVICE);
    solver.start();
    solver.start();
    const first = await solver.take();
    expect(calls).toEqual([`${SERVICE}/challenge`]);
    expect(await verified(first)).toBe(true);
    const second = await solver.take();
    expect(calls).toHaveLength(2);
    expect(await verified(second)).toBe(true);
    expect(second).not.toBe(first);
  });

  it("solves on the spot when nothing was started (the send waits for it)", async () => {
    serveChallenges();
    expect(await verified(await challengeSolver(SERVICE).take())).toBe(true);
  });

  it("tries once more after a failure, then sends without; a later take tries afresh", async () => {
    const calls = serveChallenges({ failFirst: 3 });
    const solver = challengeSolver(SERVICE);
    expect(await solver.take()).toBeUndefined();
    expect(calls).toHaveLength(2);
    solver.start();
    expect(await verified(await solver.take())).toBe(true);
    expect(calls).toHaveLength(4);
  });

  it("asks a service that failed again only after a wait, doubled at each failure; a send asks at once", async () => {
    const calls = serveChallenges({ failFirst: 5 });
    vi.useFakeTimers({ toFake: ["performance"] });
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
    const solver = challengeSolver(SERVICE);
    solver.start();
    await settled();
    // The visitor goes on typing: no request per keystroke.
    for (let i = 0; i < 50; i++) solver.start();
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    solver.start();
    await settled();
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(2_000);
    solver.start();
    expect(calls).toHaveLength(2); // the second failure doubled the wait
    vi.advanceTimersByTime(2_000);
    solver.start();
    await settled();
    expect(calls).toHaveLength(3);
    // A send does not wait: it asks (twice), the service answers, and the wait starts afresh.
    expect(await solver.take()).toBeUndefined();
    expect(calls).toHaveLength(5);
    expect(await verified(await solver.take())).toBe(true);
    expect(calls).toHaveLength(6);
  });

  it("does not send a solution that waited nearly its lifetime on this device: it solves a new one", async () => {
    const calls = serveChallenges();
    vi.useFakeTimers({ toFake: ["Date", "performance"] });
    const solver = challengeSolver(SERVICE);
    solver.start();
    // The visitor went away: 9 min 40 s later the first is within 30 s of running out.
    vi.advanceTimersByTime(CHALLENGE_TTL_MS - 20_000);
    expect(await verified(await solver.take())).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it("sends a fresh solution whatever this device's time of day (its clock may be days off)", async () => {
    // By the device's clock the service's expiry passed two days ago; by the service's it is 10 min away.
    const calls = serveChallenges({ expiresInMs: -2 * 86_400_000 });
    const payload = await challengeSolver(SERVICE).take();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(atob(payload!)).solution.counter).toBe(5);
  });
});

function Form() {
  const ref = useRef<HTMLFormElement>(null);
  useChallenge(SERVICE, ref);
  return (
    <form ref={ref} aria-label="form">
      <label>
        Name <input name="name" />
      </label>
    </form>
  );
}

describe("useChallenge", () => {
  it("starts solving at the visitor's first touch of the form, not before", async () => {
    const calls = serveChallenges();
    render(<Form />);
    expect(calls).toEqual([]);
    await userEvent.setup().type(screen.getByLabelText("Name"), "Ada");
    expect(calls).toEqual([`${SERVICE}/challenge`]);
  });
});
