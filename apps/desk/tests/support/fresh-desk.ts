import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "./desk-env";

const run = promisify(execFile);

/** A free port of the machine's choosing (the run's own server keeps the run's ports). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A second desk (ROLE=desk, the built server) on a new, empty SQLite store: what a company sees before
 * any lead or page view; `env` adds to its environment (ROLE=all with ports of its own, a webhook).
 * `invite` is the real leads command against that store.
 */
export async function startFreshDesk(extra: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "fresh-desk-"));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env = {
    ...process.env,
    ROLE: "desk",
    DESK_PORT: String(port),
    DESK_URL: url,
    DATABASE_URL: `sqlite:${path.join(dir, "leads.sqlite")}`,
    SMTP_URL: "",
    LOG_LEVEL: "warn",
    ...extra,
  };
  const child: ChildProcess = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: repoRoot,
    env,
    stdio: "inherit",
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    await rm(dir, { recursive: true, force: true });
  };
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the fresh desk exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/session`).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      break;
    if (waited > 30_000) {
      await stop();
      throw new Error("the fresh desk did not start within 30 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop,
    /** `staff invite EMAIL --name NAME --json` on the fresh store → the enrolment link. */
    async invite(email: string, name: string): Promise<string> {
      const { stdout } = await run(
        process.execPath,
        ["apps/server/dist/cli/leads.js", "staff", "invite", email, "--name", name, "--json"],
        { cwd: repoRoot, env },
      );
      return (JSON.parse(stdout) as { url: string }).url;
    },
  };
}
