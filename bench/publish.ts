import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { closeDb, getDb } from "@/db/client";
import { installDatabase } from "@/lib/database-boot";
import { stopEmbedded } from "@/db/embedded";
import { sourceSnapshots } from "@/db/schema";
import { createSourcePartition } from "@/lib/sources/load";
import { publishDataset } from "@/lib/catalog/publish";
import { settle } from "./lib/cpu";

const DATASET = "ar-bcra-central-deudores";

function flag(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `npm run bench -- publish [--rows N]`: loads an N-row Central de Deudores snapshot (default 1,000,000) into a
 * DATA_DIR of its own, publishes it (Parquet + CSV, and the derived view that goes with it) and prints the wall
 * time, the peak RSS of this process during the publication and the file sizes. Targets: <= 10 s, <= 400 MB.
 */
export async function run(args: string[]): Promise<void> {
  const rows = flag(args, "rows", 1_000_000);
  const dataDir = process.env.DATABASE_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "legajo-bench-publish-"));
  if (dataDir) process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL ??= "warn";
  try {
    let t = performance.now();
    installDatabase();
    const db = await getDb();
    console.log(`boot (migrations, demo seed): ${Math.round(performance.now() - t)} ms`);

    t = performance.now();
    const [snapshot] = await db
      .insert(sourceSnapshots)
      .values({ source: "crediticio", snapshotDate: "2099-12-31", rowCount: rows, fileName: "bench" })
      .returning();
    await createSourcePartition(db, "crediticio", snapshot.id);
    // One debtor per three rows (three entidades each), 85% in situación 1, amounts in thousands of pesos.
    await db.execute(sql`
      insert into src_crediticio (snapshot_id, cuit, denominacion, periodo, entidad_codigo, entidad_nombre, situacion,
        monto, dias_atraso, refinanciaciones, recategorizacion_obligatoria, situacion_juridica,
        irrecuperable_disposicion_tecnica, proceso_judicial)
      select ${snapshot.id}, (30000000000 + g / 3)::text, 'EMPRESA ' || (g / 3) || ' S.A.', '202609',
        lpad((g % 60)::text, 5, '0'), 'BANCO ' || (g % 60),
        case when g % 100 < 85 then 1 when g % 100 < 92 then 2 when g % 100 < 96 then 3 when g % 100 < 98 then 4 else 5 end,
        ((g::bigint * 7919) % 1000000) / 100.0, case when g % 100 < 85 then 0 else g % 365 end, g % 7 = 0, false, g % 97 = 0,
        false, g % 50 = 0
      from generate_series(0, ${rows - 1}) as g`);
    await db.execute(sql.raw(`vacuum (analyze) src_crediticio_${snapshot.id}`));
    console.log(`source load (${rows.toLocaleString("en-US")} rows, not measured): ${Math.round(performance.now() - t)} ms`);
    console.log(`machine idle again after ${await settle()} ms (not measured)`);

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const rssBefore = process.memoryUsage().rss;
    t = performance.now();
    const published = await publishDataset(db, DATASET, { snapshotDate: "2099-12-31" });
    const ms = performance.now() - t;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    console.log("");
    for (const p of published) {
      const sizes = Object.entries(p.files).map(([format, f]) => `${format} ${mb(f.size_bytes)}`);
      console.log(`${p.dataset_id.padEnd(32)} ${p.rows_count.toLocaleString("en-US").padStart(10)} rows  ${sizes.join("  ")}`);
    }
    console.log("");
    console.log(`wall time        ${(ms / 1000).toFixed(2)} s   (target <= 10 s)`);
    console.log(`peak RSS         ${mb(peak)}   (target <= 400 MB; ${mb(rssBefore)} before publishing)`);
    console.log(`process max RSS  ${mb(process.resourceUsage().maxRSS * 1024)}   (whole run, boot included)`);
    console.log(`throughput       ${Math.round(rows / (ms / 1000)).toLocaleString("en-US")} rows/s`);
  } finally {
    await closeDb();
    await stopEmbedded();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
