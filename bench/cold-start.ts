import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { settle } from "./lib/cpu";
import { stopPostmaster } from "./lib/database";
import { buildNext, startNext } from "@/scripts/lib/next-process";
import { DEFAULT_DIST } from "./lib/server";
import { fmtMs, loadAverage, median } from "./lib/stats";
import { option } from "@/scripts/lib/args";

export interface ColdStart {
  /** From spawning `next start` to the first 200 of GET /v1/prices, ms. */
  firstOk: number;
  /** What the server logged: its database boot (initdb, migrations, demo seed) and the demo seed alone, ms. */
  databaseReady: number | null;
  demoSeed: number | null;
  /** The demo catalog in the seed: its definitions, then each snapshot (Parquet and CSV) as soon as its source is in. */
  catalog: number | null;
}

/** The `ms` field of the first log line whose message starts with `msg`. */
function loggedMs(logFile: string, msg: string): number | null {
  for (const line of fs.readFileSync(logFile, "utf8").split("\n")) {
    try {
      const entry = JSON.parse(line) as { msg?: string; ms?: number };
      if (entry.msg?.startsWith(msg) && typeof entry.ms === "number") return entry.ms;
    } catch {
      // Next's own banner lines are not JSON
    }
  }
  return null;
}

/**
 * One cold start: a fresh DATA_DIR, so the server initialises Postgres, migrates and loads the demo (the defaults of
 * a first `npm start` on a new machine), timed from the spawn to the first 200 of a real endpoint.
 */
export async function coldStart(distDir: string): Promise<ColdStart> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-cold-"));
  const logFile = path.join(dataDir, "server.log");
  const started = performance.now();
  const server = await startNext({ distDir, logFile, env: { DATA_DIR: dataDir } });
  try {
    for (;;) {
      if (!server.alive()) throw new Error(`the server exited during its cold start:\n${server.tail()}`);
      if (performance.now() - started > 180_000) throw new Error(`no 200 within 180 s:\n${server.tail()}`);
      try {
        const res = await fetch(`${server.url}/v1/prices`, { signal: AbortSignal.timeout(60_000) });
        await res.arrayBuffer();
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return {
      firstOk: performance.now() - started,
      databaseReady: loggedMs(logFile, "database ready"),
      demoSeed: loggedMs(logFile, "Demo data loaded"),
      catalog: loggedMs(logFile, "demo catalog loaded"),
    };
  } finally {
    await server.stop();
    await stopPostmaster(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureColdStarts(distDir: string, runs: number): Promise<ColdStart[]> {
  buildNext(distDir);
  const out: ColdStart[] = [];
  for (let i = 0; i < runs; i++) {
    await settle();
    const r = await coldStart(distDir);
    const boot = r.databaseReady ?? NaN;
    const seed = r.demoSeed ?? NaN;
    console.log(
      `  cold start ${i + 1}: first 200 after ${fmtMs(r.firstOk)}: Next start and first request ${fmtMs(r.firstOk - boot)}, ` +
        `initdb + migrations ${fmtMs(boot - seed)}, demo seed ${fmtMs(seed)} (catalog ${fmtMs(r.catalog ?? NaN)}, its publications overlapping the imports); load average ${loadAverage()}`,
    );
    out.push(r);
  }
  return out;
}

/** `npm run bench -- cold-start [--runs 3] [--dist .next-bench]`: fresh DATA_DIR to the first 200. Target <= 5 s. */
export async function run(args: string[]): Promise<void> {
  const runs = await measureColdStarts(option(args, "dist") ?? DEFAULT_DIST, Number(option(args, "runs") ?? 3));
  const m = median(runs.map((r) => r.firstOk));
  console.log(`\ncold start, median of ${runs.length}: ${fmtMs(m)} (target <= 5 s) ${m <= 5000 ? "PASS" : "FAIL"}`);
}
