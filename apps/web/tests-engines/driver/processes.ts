/**
 * Helper processes of the WebKit driver (Xvfb, WebKitWebDriver): each in a process group of its
 * own, so that stopping it also stops what it started (the browser and its web processes), and
 * stopped when the worker exits, however it exits.
 */
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import net from "node:net";

const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) stopGroup(child);
});

function stopGroup(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  running.add(child);
  child.on("exit", () => running.delete(child));
  return child;
}

/** SIGTERM to the whole group, SIGKILL after `graceMs` if it is still there. */
export async function stop(child: ChildProcess, graceMs = 3_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  stopGroup(child);
  const timer = setTimeout(() => stopGroup(child, "SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a virtual X server on the first free display; resolves with its DISPLAY value. */
export async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  // -displayfd: Xvfb picks a free display number itself and writes it to descriptor 3.
  const child = spawnGroup("Xvfb", ["-displayfd", "3", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    let out = "";
    const fd3 = child.stdio[3] as NodeJS.ReadableStream;
    fd3.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(`:${out.trim()}`);
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`Xvfb exited (${code}): ${stderr.trim()}`)));
  });
  return { display, process: child };
}
