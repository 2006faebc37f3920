import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
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

  it("does not send a solution about to run out: it solves a new one", async () => {
    const calls = serveChallenges({ expiresInMs: 20_000 });
    const solver = challengeSolver(SERVICE);
    // Both run out within the margin: the send goes without rather than with one the service refuses.
    expect(await solver.take()).toBeUndefined();
    expect(calls).toHaveLength(2);
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
