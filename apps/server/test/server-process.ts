import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { expect, vi } from "vitest";
import { childEnv, serverDir } from "./helpers";

// The built server (dist/main.js, see buildServer) as a real process, ready once /readyz says so.

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after 5 s, unless it has already gone. */
  stop(): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string>,
  opts: { readyPort: number; timeoutMs?: number },
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(serverDir, "dist", "main.js")], {
    env: childEnv({ HOST: "127.0.0.1", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = once(child, "exit").then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  try {
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`server exited early:\n${out}`);
        const r = await fetch(`http://127.0.0.1:${opts.readyPort}/readyz`);
        expect(r.status).toBe(200);
      },
      { timeout: opts.timeoutMs ?? 20_000, interval: 50 },
    );
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }
  return {
    child,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const late = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(late);
    },
  };
}
