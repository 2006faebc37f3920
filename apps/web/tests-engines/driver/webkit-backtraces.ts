/**
 * What WebKitGTK can tell about a page that stopped answering (issue 31): a backtrace of every thread
 * of each of its processes (the browser, the web processes), taken with gdb while they are still
 * stuck, and the end of the browser's log. Attached to the failed check by fixtures.ts, so that a
 * freeze seen once (in CI, say) leaves the stacks to read. Debian's build has no debug symbols: the
 * frames of WTF and JavaScriptCore are named, WebCore's are addresses in libwebkit2gtk (the
 * package's -dbgsym names them). Without gdb (apt-get install gdb) it says so and gives the log.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);
const GDB_TIMEOUT_MS = 60_000;

/** The processes of a process group: pid and command name. */
async function groupProcesses(pgid: number): Promise<{ pid: number; name: string }[]> {
  const { stdout } = await run("ps", ["-o", "pid=,comm=", "-g", String(pgid)]);
  return stdout
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/, 2))
    .map(([pid, name]) => ({ pid: Number(pid), name: name ?? "" }));
}

async function backtrace(pid: number): Promise<string> {
  try {
    const { stdout } = await run(
      "gdb",
      ["-p", String(pid), "-batch", "-nx", "-ex", "info threads", "-ex", "thread apply all bt 40"],
      { timeout: GDB_TIMEOUT_MS, maxBuffer: 32 * 1024 * 1024 },
    );
    // gdb's own chatter (symbol loading) comes before the first "Id  Target Id" table.
    return stdout.slice(Math.max(0, stdout.indexOf("  Id ")));
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return e.code === "ENOENT" ? "gdb is not installed (apt-get install gdb)" : `gdb failed: ${e.message}`;
  }
}

/** Backtraces of the browser and web processes in the group of WebKitWebDriver (`pgid`), and `log`. */
export async function webkitBacktraces(pgid: number, log: readonly string[]): Promise<string> {
  const processes = (await groupProcesses(pgid).catch(() => [])).filter((p) =>
    // ps gives 15 characters of a name: WebKitWebProces(s), WebKitNetworkPr(ocess), webkit-browser.(py).
    /^(WebKit(Web|Network|GPU)|webkit-browser|python)/.test(p.name),
  );
  const parts = [];
  for (const { pid, name } of processes) parts.push(`=== ${name} (pid ${pid})\n${await backtrace(pid)}`);
  parts.push(`=== the browser's log, last 200 lines\n${log.slice(-200).join("\n")}`);
  return parts.join("\n\n");
}

/** Frames of a web process's main thread in the brief; of the other processes', a few. */
const BRIEF_FRAMES = { web: 10, other: 3 };
const BRIEF_LOG_LINES = 15;

/**
 * The part of a webkitBacktraces() report a CI log can hold (its full text is an attachment, which a
 * CI run may not keep): each process's main thread (gdb's "Thread 1"), its first frames (BRIEF_FRAMES),
 * and the end of the browser's log.
 */
export function briefBacktraces(report: string): string {
  return report
    .split(/^(?==== )/m)
    .map((section) => {
      const [header = "", ...rest] = section.trimEnd().split("\n");
      if (header.includes("the browser's log")) return [header, ...rest.slice(-BRIEF_LOG_LINES)].join("\n");
      const main = rest.findIndex((line) => line.startsWith("Thread 1 "));
      if (main < 0) return [header, ...rest.slice(0, 3)].join("\n");
      const frames = rest.slice(main + 1).filter((line) => line.startsWith("#"));
      const count = header.includes("WebKitWebProces") ? BRIEF_FRAMES.web : BRIEF_FRAMES.other;
      return [header, rest[main], ...frames.slice(0, count)].join("\n");
    })
    .join("\n");
}
