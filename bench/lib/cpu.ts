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
