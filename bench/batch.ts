import { randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currentSnapshot } from "@/lib/sources/snapshots";
import { option } from "@/scripts/lib/args";
import { buildNext, startNext, waitFor, type NextServer } from "@/scripts/lib/next-process";
import { provisionAccounts, type ProvisionedAccount } from "./lib/accounts";
import { closeDatabase, openDatabase } from "./lib/database";
import { fmtInt, fmtMs, loadAverage, median, percentile, table } from "./lib/stats";

/** A batch of 1,000 fresh CUITs completes in at most this long (issue 17). */
const TARGET_SECONDS = 10;
/** The single-report latency at one connection while a batch runs (issue 17). */
const TARGET_P50_MS = 15;
const BATCH_SIZE = 1_000;

interface Latencies {
  p50: number;
  p99: number;
  n: number;
  statuses: Record<string, number>;
}

function summarise(samples: { ms: number; status: number }[]): Latencies {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length, statuses };
}

/**
 * One client on one keep-alive connection sending POST /v1/reports back to back (a new report of a random CUIT,
 * from accounts taken in turn so that no account passes its 10 a minute) until `until` says stop.
 */
async function singleReports(server: NextServer, accounts: ProvisionedAccount[], cuits: string[], until: () => boolean) {
  const samples: { ms: number; status: number }[] = [];
  let i = 0;
  while (!until()) {
    const account = accounts[i++ % accounts.length];
    const started = performance.now();
    const res = await fetch(`${server.url}/v1/reports`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${account.key}`,
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
        "x-forwarded-for": `10.9.${i % 250}.${Math.floor(i / 250) % 250}`,
      },
      body: JSON.stringify({ cuit: cuits[Math.floor(Math.random() * cuits.length)] }),
    });
    await res.arrayBuffer();
    samples.push({ ms: performance.now() - started, status: res.status });
  }
  return samples;
}

async function batchState(db: Db, id: string) {
  const [row] = await db.execute<{ estado: string; seconds: number | null; costo: number; statuses: Record<string, number> }>(sql`
    select b.estado, extract(epoch from (b.finished_at - b.created_at))::float8 as seconds,
           (select coalesce(sum(costo_unidades), 0)::int from batch_items where batch_id = b.id) as costo,
           (select json_object_agg(status, n) from (select status, count(*)::int as n from batch_items where batch_id = b.id group by status) s) as statuses
      from batches b where b.id = ${id}`);
  return row;
}

/** POST /v1/batches of `cuits` for `account`; its id. */
async function postBatch(server: NextServer, account: ProvisionedAccount, cuits: string[]): Promise<string> {
  const res = await fetch(`${server.url}/v1/batches`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.key}`, "content-type": "application/json", "idempotency-key": randomUUID(), "x-forwarded-for": "10.8.0.1" },
    body: JSON.stringify({ cuits }),
  });
  const body = (await res.json()) as { lote_id?: string };
  if (res.status !== 202 || !body.lote_id) throw new Error(`POST /v1/batches answered ${res.status}: ${JSON.stringify(body)}`);
  return body.lote_id;
}

/**
 * `npm run bench -- batch [--runs 2] [--cuits 20000] [--data-dir .data-bench-batch] [--dist .next-batch]
 * [--baseline-seconds 5] [--rebuild]`: batches of 1,000 CUITs no account reported yet, run by the worker inside
 * `next start` (the embedded mode), while one client keeps sending single reports; the single-report latency before
 * and during each batch.
 */
export async function run(args: string[]): Promise<void> {
  const dataDir = path.resolve(option(args, "data-dir") ?? ".data-bench-batch");
  const distDir = option(args, "dist") ?? ".next-batch";
  const universe = Number(option(args, "cuits") ?? 20_000);
  const runs = Number(option(args, "runs") ?? 2);
  const baselineSeconds = Number(option(args, "baseline-seconds") ?? 5);
  buildNext(distDir, args.includes("--rebuild"));
  const db = await openDatabase(dataDir, { demoCuits: universe });
  const rows: string[][] = [];
  try {
    const padron = await currentSnapshot(db, "identidad");
    if (!padron) throw new Error(`no padrón in ${dataDir}`);
    const known = (
      await db.execute<{ cuit: string }>(sql`select cuit from src_identidad where snapshot_id = ${padron.id} order by md5(cuit) limit ${BATCH_SIZE * (runs + 1) + 2_000}`)
    ).map((r) => r.cuit);
    if (known.length < BATCH_SIZE * (runs + 1)) throw new Error(`${dataDir} knows ${known.length} CUITs; pass a larger --cuits`);
    process.stdout.write("provisioning accounts… ");
    const batchAccounts = await provisionAccounts(db, runs + 1, { plan: "ultimate", units: 10_000_000 });
    // The single client sends ~200 reports a second; each account may send 10 a minute.
    const singles = await provisionAccounts(db, 600, { plan: "ultimate", units: 10_000_000, concurrency: 8 });
    console.log("done");
    const server = await startNext({ distDir, env: { DATA_DIR: dataDir, TRUST_PROXY: "true" } });
    try {
      await waitFor(server, "/v1/prices", 200, 180_000);
      const singleCuits = known.slice(BATCH_SIZE * (runs + 1));
      // Warm-up: JIT, route caches, prepared statements, the queue's first job.
      const warm = await postBatch(server, batchAccounts[runs], known.slice(BATCH_SIZE * runs, BATCH_SIZE * runs + 50));
      const warmUntil = Date.now() + 3_000;
      await singleReports(server, singles, singleCuits, () => Date.now() > warmUntil);
      while ((await batchState(db, warm)).estado !== "completado") await new Promise((r) => setTimeout(r, 50));

      for (let r = 0; r < runs; r++) {
        const baseUntil = Date.now() + baselineSeconds * 1000;
        const before = summarise(await singleReports(server, singles, singleCuits, () => Date.now() > baseUntil));
        const id = await postBatch(server, batchAccounts[r], known.slice(BATCH_SIZE * r, BATCH_SIZE * (r + 1)));
        let finished = false;
        const watcher = (async () => {
          while ((await batchState(db, id)).estado !== "completado") await new Promise((res) => setTimeout(res, 25));
          finished = true;
        })();
        const during = summarise(await singleReports(server, singles, singleCuits, () => finished));
        await watcher;
        const state = await batchState(db, id);
        const seconds = state.seconds ?? NaN;
        console.log(
          `  run ${r + 1}: batch ${fmtInt(BATCH_SIZE)} CUITs in ${seconds.toFixed(2)} s (${fmtInt(BATCH_SIZE / seconds)} items/s, ${JSON.stringify(state.statuses)}, ${fmtInt(state.costo)} units); single POST p50 ${fmtMs(before.p50)} before, ${fmtMs(during.p50)} during (${during.n} requests, ${JSON.stringify(during.statuses)})`,
        );
        rows.push([
          String(r + 1),
          `${seconds.toFixed(2)} s`,
          fmtInt(BATCH_SIZE / seconds),
          `${fmtMs(before.p50)} / ${fmtMs(before.p99)}`,
          `${fmtMs(during.p50)} / ${fmtMs(during.p99)}`,
          fmtInt(during.n),
          seconds <= TARGET_SECONDS && during.p50 <= TARGET_P50_MS ? "PASS" : "MISS",
        ]);
      }
      if (!server.alive()) throw new Error(`the server exited during the run:\n${server.tail()}`);
    } finally {
      await server.stop();
    }
  } finally {
    await closeDatabase(dataDir);
  }
  console.log(
    `\n${table(["run", "1,000-CUIT batch", "items/s", "single POST p50/p99 before", "during the batch", "requests during", `<= ${TARGET_SECONDS} s, p50 <= ${TARGET_P50_MS} ms`], rows)}`,
  );
  console.log(`median batch time ${median(rows.map((r) => parseFloat(r[1]))).toFixed(2)} s; load average ${loadAverage()}`);
}
