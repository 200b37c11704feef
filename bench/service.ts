import path from "node:path";
import { randomUUID } from "node:crypto";
import { generateReport } from "@/lib/reports/generate";
import { callerOfKey } from "./lib/accounts";
import { cpuMeter } from "./lib/cpu";
import { closeDatabase, openDatabase, postmasterOf } from "./lib/database";
import { benchPool } from "./lib/pool";
import { fmtMs, median } from "./lib/stats";
import { option } from "@/scripts/lib/args";

/**
 * `npm run bench -- service [--data-dir .data-bench] [--reports 600]`: POST /v1/reports without HTTP. One bench
 * account calls `generateReport` back to back, each call a new report with a fresh Idempotency-Key, on the api
 * bench's DATA_DIR. What it prints is the service's own cost: wall time per call, and the CPU per call of this
 * process and of Postgres (at one connection, a steadier measure of a change than throughput on a shared machine).
 */
export async function run(args: string[]): Promise<void> {
  const dataDir = path.resolve(option(args, "data-dir") ?? ".data-bench");
  const count = Number(option(args, "reports") ?? 600);
  const db = await openDatabase(dataDir, { demoCuits: 1_000_000 });
  try {
    const pool = await benchPool(db, dataDir, 1);
    const caller = await callerOfKey(db, pool.accounts[0].key);
    const call = (i: number) => generateReport(db, caller, { cuit: pool.cuits[i % pool.cuits.length], idempotencyKey: randomUUID() });
    // Warm-up: prepared statements, JIT, and the pages of the CUITs' rows.
    for (let i = 0; i < count; i++) await call(i);
    const times: number[] = [];
    const cpu = cpuMeter(process.pid, postmasterOf(dataDir)?.pid ?? null);
    for (let i = count; i < 2 * count; i++) {
      const started = performance.now();
      await call(i);
      times.push(performance.now() - started);
    }
    const used = cpu();
    times.sort((a, b) => a - b);
    console.log(
      `generateReport, ${count} new reports one after another: p50 ${fmtMs(median(times))}, p99 ${fmtMs(times[Math.floor(times.length * 0.99)])}, ` +
        `CPU per call ${(used.client / count).toFixed(2)} ms in this process and ${(used.postgres / count).toFixed(2)} ms in Postgres`,
    );
  } finally {
    await closeDatabase(dataDir);
  }
}
