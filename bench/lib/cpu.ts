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
