import { execFileSync } from "node:child_process";
import fs from "node:fs";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process, in ms (Linux /proc), or 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) out.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

export interface CpuSplit {
  server: number;
  postgres: number;
  client: number;
}

/**
 * CPU time spent by the app server, by Postgres (the postmaster and every backend) and by this process (the load
 * generator) between `start()` and the returned function's call. On two shared cores, it says which of the three a
 * request's cost is in. Backends that exit meanwhile are not counted; the benchmark's connections stay open.
 */
export function cpuMeter(serverPid: number, postmasterPid: number | null): () => CpuSplit {
  const pgPids = () => (postmasterPid ? [postmasterPid, ...childrenOf(postmasterPid)] : []);
  const pgStart = new Map(pgPids().map((p) => [p, cpuMs(p)]));
  const server0 = cpuMs(serverPid);
  const client0 = process.cpuUsage();
  return () => {
    let postgres = 0;
    for (const p of pgPids()) postgres += cpuMs(p) - (pgStart.get(p) ?? 0);
    const client = process.cpuUsage(client0);
    return { server: cpuMs(serverPid) - server0, postgres, client: (client.user + client.system) / 1000 };
  };
}

/** Nanoseconds the main thread of `pid` has spent running and runnable but waiting for a CPU (Linux schedstat). */
function schedstat(pid: number): { running: number; waiting: number } {
  try {
    const [running, waiting] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ").map(Number);
    return { running, waiting };
  } catch {
    return { running: 0, waiting: 0 };
  }
}

export interface LoopShare {
  /** Shares of the wall time: the server's event loop (its main thread) on a CPU, and runnable but waiting for one. */
  running: number;
  waiting: number;
  /** Share of the machine's CPU time that stayed idle meanwhile. */
  idle: number;
}

/**
 * Where the wall time of the server's event loop went from this call to the returned function's: running, or waiting
 * for a CPU; and how much of the machine stayed idle meanwhile. A route whose loop runs all the time is
 * bound by the loop; one whose loop waits while a CPU idles is bound by how its work is handed between the loop and
 * Postgres, not by the CPU it costs.
 */
export function loopMeter(serverPid: number): () => LoopShare {
  const t0 = performance.now();
  const loop0 = schedstat(serverPid);
  const machine0 = machineTicks();
  return () => {
    const wallNs = (performance.now() - t0) * 1e6;
    const loop = schedstat(serverPid);
    const machine = machineTicks();
    const ticks = Math.max(1, machine.total - machine0.total);
    return {
      running: (loop.running - loop0.running) / wallNs,
      waiting: (loop.waiting - loop0.waiting) / wallNs,
      idle: 1 - (machine.busy - machine0.busy) / ticks,
    };
  };
}

/** Busy and total jiffies of the whole machine (the first line of /proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3] + fields[4]; // idle + iowait
  return { busy: total - idle, total };
}

/**
 * Waits until the machine is idle: dirty pages flushed (`sync`), then a full second with at most `maxBusy` of the
 * CPU in use, or `timeoutMs`. So that a measurement is not charged for the aftermath of the one before it (a
 * database's checkpoint, the kernel writing back a gigabyte of freshly loaded data). Returns the wait, in ms.
 */
export async function settle(maxBusy = 0.1, timeoutMs = 90_000): Promise<number> {
  const started = performance.now();
  execFileSync("sync");
  for (;;) {
    const a = machineTicks();
    await new Promise((r) => setTimeout(r, 1000));
    const b = machineTicks();
    const busy = (b.busy - a.busy) / Math.max(1, b.total - a.total);
    if (busy <= maxBusy || performance.now() - started > timeoutMs) return Math.round(performance.now() - started);
  }
}
