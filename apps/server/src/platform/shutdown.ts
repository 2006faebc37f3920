/** The part of a logger shutdown needs (pino's, or the stand-in used before the servers exist). */
interface ShutdownLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

interface Step {
  name: string;
  run: () => Promise<unknown>;
  /** Called when the deadline passes while shutting down (e.g. close every connection now). */
  force?: () => void;
}

/** JSON lines on stdout, like pino's, for a signal that arrives before any server has a logger. */
const earlyLog: ShutdownLog = {
  info: (obj, msg) =>
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), ...obj, msg })}\n`),
  warn: (obj, msg) =>
    process.stdout.write(`${JSON.stringify({ level: 40, time: Date.now(), ...obj, msg })}\n`),
};

/**
 * Graceful shutdown on SIGTERM/SIGINT with a deadline. Steps are registered as resources are opened
 * and run in the reverse order (the servers stop accepting and finish what is in flight, then the
 * outbox worker stops, then the database closes). When the deadline passes first, each step's
 * `force` runs (every remaining connection is closed) and the process exits with status 1;
 * otherwise it exits with 0. Install it before anything slow (migrations) so a signal during
 * start-up still closes what is open.
 */
export function createShutdown(opts: { timeoutMs: number; exit?: (code: number) => void }) {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const steps: Step[] = [];
  let log = earlyLog;
  let stopping: Promise<void> | undefined;

  async function stop(signal: string): Promise<void> {
    log.info({ signal, deadlineMs: opts.timeoutMs }, "shutting down");
    const deadline = new Promise<"deadline">((resolve) => {
      setTimeout(() => resolve("deadline"), opts.timeoutMs).unref();
    });
    const work = (async () => {
      for (const step of [...steps].reverse()) {
        await step.run().catch((err: unknown) => {
          log.warn(
            { step: step.name, err: err instanceof Error ? err.message : String(err) },
            "shutdown step failed",
          );
        });
      }
      return "done" as const;
    })();
    if ((await Promise.race([work, deadline])) === "deadline") {
      log.warn(
        { deadlineMs: opts.timeoutMs },
        "shutdown deadline passed (SHUTDOWN_TIMEOUT_MS): closing the remaining connections",
      );
      for (const step of steps) step.force?.();
      exit(1);
      return;
    }
    exit(0);
  }

  return {
    /** Registers a closing step; the last registered runs first. */
    add(name: string, run: () => Promise<unknown>, force?: () => void) {
      steps.push({ name, run, force });
    },
    /**
     * Start-up work (opening the database, migrations): resolves or rejects as `work` does, unless
     * shutdown began meanwhile; then it never settles and start-up goes no further (the process exits).
     */
    unlessStopping<T>(work: Promise<T>): Promise<T> {
      const halt = () => new Promise<never>(() => {});
      return work.then(
        (value) => (stopping ? halt() : value),
        (err: unknown) => (stopping ? halt() : Promise.reject(err)),
      );
    },
    /** Logs through this logger from now on (once the servers' logger exists). */
    useLog(logger: ShutdownLog) {
      log = logger;
    },
    /** Installs the SIGTERM and SIGINT handlers; a second signal while stopping is ignored. */
    install() {
      const onSignal = (signal: string) => {
        stopping ??= stop(signal);
      };
      process.on("SIGTERM", onSignal);
      process.on("SIGINT", onSignal);
    },
  };
}
