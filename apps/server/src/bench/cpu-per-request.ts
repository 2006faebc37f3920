// Where the CPU goes during a phase of bench:leads: the load generator (this process) and the services'
// process thread by thread, read from Linux's /proc (elsewhere the meter reports nothing).
import { readdirSync, readFileSync } from "node:fs";

const TICK_S = 0.01; // USER_HZ = 100 on Linux

/** CPU seconds (user + system) of each thread of `pid`, by thread id. */
function threadTimes(pid: number): Map<number, number> {
  const times = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * TICK_S);
    }
  } catch {
    // Not Linux, or the process is gone: nothing to report.
  }
  return times;
}

export interface CpuSplit {
  /** µs of CPU per request. */
  generator: number;
  main: number;
  /** The services' busiest other thread (the SQLite thread under POST /contact on SQLite). */
  busiest: number;
  /** Every other thread of the services (garbage collector, libuv pool). */
  rest: number;
}

/** Starts measuring; the returned function ends it and divides by the number of requests. */
export function cpuMeter(pid: number): (requests: number) => CpuSplit | undefined {
  const before = threadTimes(pid);
  const self = process.cpuUsage();
  return (requests) => {
    const after = threadTimes(pid);
    if (after.size === 0 || requests === 0) return undefined;
    const used = [...after].map(([tid, s]) => [tid, s - (before.get(tid) ?? 0)] as const);
    const main = used.find(([tid]) => tid === pid)?.[1] ?? 0;
    const others = used.filter(([tid]) => tid !== pid).map(([, s]) => s);
    const busiest = Math.max(0, ...others);
    const rest = others.reduce((a, s) => a + s, 0) - busiest;
    const gen = process.cpuUsage(self);
    const us = (s: number) => (s * 1e6) / requests;
    return {
      generator: (gen.user + gen.system) / requests,
      main: us(main),
      busiest: us(busiest),
      rest: us(rest),
    };
  };
}

export const formatSplit = (label: string, c: CpuSplit) =>
  `${label}: load generator ${c.generator.toFixed(0)}, services' main thread ${c.main.toFixed(0)}, ` +
  `busiest other thread ${c.busiest.toFixed(0)}, other threads ${c.rest.toFixed(0)}`;
