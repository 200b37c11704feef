import path from "node:path";
import { randomUUID } from "node:crypto";
import { generateReport } from "@/lib/reports/generate";
import { callerOfKey } from "./lib/accounts";
import { countWork } from "./lib/counts";
import { cpuMeter } from "./lib/cpu";
import { closeDatabase, openDatabase, postmasterOf, reportsHeld, warmPageCache } from "./lib/database";
import { benchPool } from "./lib/pool";
import { fmtInt, fmtMs, median } from "./lib/stats";
import { option } from "@/scripts/lib/args";

/**
 * `npm run bench -- service [--data-dir .data-bench] [--reports 600] [--concurrency 1] [--count]`: POST /v1/reports without
 * HTTP. Each of `concurrency` bench accounts calls `generateReport` back to back, each call a new report with a fresh
 * Idempotency-Key, on the api bench's DATA_DIR. What it prints is the service's own cost: calls per second, wall
 * time per call, and the CPU per call of this process and of Postgres (at one caller, a steadier measure of a change
 * than throughput on a shared machine; at 16, the service as the API bench's 16 connections call it). `--count`
 * prints instead what each call makes whatever the machine's speed: its promises and the bytes it allocates, and
 * where (bench/lib/counts.ts).
 */
export async function run(args: string[]): Promise<void> {
  const dataDir = path.resolve(option(args, "data-dir") ?? ".data-bench");
  const count = Number(option(args, "reports") ?? 600);
  const concurrency = Number(option(args, "concurrency") ?? 1);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`--concurrency must be a whole number of at least 1, not ${concurrency}`);
  const db = await openDatabase(dataDir, { demoCuits: 1_000_000 });
  try {
    // One account per concurrent caller, so that callers do not wait on each other's balance row.
    const pool = await benchPool(db, dataDir, concurrency);
    const warm = warmPageCache(dataDir);
    console.log(`data dir ${dataDir}: ${fmtInt(await reportsHeld(db))} reports before this run; ${fmtInt(warm.mb)} MB of database files read into the page cache in ${warm.seconds.toFixed(1)} s`);
    const callers = await Promise.all(pool.accounts.map((a) => callerOfKey(db, a.key)));
    const times: number[] = [];
    /** Calls `from` to `to - 1`, `concurrency` at a time, each caller with its own account. */
    const calls = async (from: number, to: number, timed: boolean) => {
      let next = from;
      await Promise.all(
        callers.map(async (caller) => {
          for (let i = next++; i < to; i = next++) {
            const started = performance.now();
            await generateReport(db, caller, { cuit: pool.cuits[i % pool.cuits.length], idempotencyKey: randomUUID() });
            if (timed) times.push(performance.now() - started);
          }
        }),
      );
    };
    // Warm-up: prepared statements, JIT, and the pages of the CUITs' rows.
    await calls(0, count, false);
    if (args.includes("--count")) {
      const counted = await countWork(() => calls(count, 2 * count, false));
      const kb = (bytes: number) => `${(bytes / count / 1024).toFixed(1)} KB`;
      console.log(`generateReport, ${count} new reports, ${concurrency} at a time, per call: ${(counted.promises / count).toFixed(1)} promises, ${kb(counted.allocated)} allocated`);
      for (const [where, bytes] of [...counted.sites].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${kb(bytes).padStart(8)}  ${where}`);
      return;
    }
    const cpu = cpuMeter(process.pid, postmasterOf(dataDir)?.pid ?? null);
    const started = performance.now();
    await calls(count, 2 * count, true);
    const seconds = (performance.now() - started) / 1000;
    const used = cpu();
    times.sort((a, b) => a - b);
    console.log(
      `generateReport, ${count} new reports, ${concurrency} at a time: ${Math.round(count / seconds)}/s, p50 ${fmtMs(median(times))}, p99 ${fmtMs(times[Math.floor(times.length * 0.99)])}, ` +
        `CPU per call ${(used.client / count).toFixed(2)} ms in this process and ${(used.postgres / count).toFixed(2)} ms in Postgres`,
    );
  } finally {
    await closeDatabase(dataDir);
  }
}
