import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { closeDb } from "@/db/client";
import { stopEmbedded } from "@/db/embedded";
import { stopBoss } from "@/lib/jobs/boss";
import { runScan } from "@/lib/monitoring/detect";
import { recordEvents } from "@/lib/monitoring/record-events";
import { deliverDue } from "@/lib/webhooks/deliver";
import { createSourcePartition } from "@/lib/sources/load";
import { option } from "@/scripts/lib/args";
import { openDatabase } from "./lib/database";

const fmt = (n: number) => n.toLocaleString("en-US");

/** A receiver on loopback that answers 204 at once and counts the distinct webhook-ids it saw. */
async function receiver() {
  const ids = new Set<string>();
  const server = http.createServer((req, res) => {
    ids.add(String(req.headers["webhook-id"]));
    req.resume().on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    ids,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * `npm run bench -- monitoring [--cuits N] [--accounts A] [--per-account W] [--deliveries D] [--data-dir DIR]`:
 * A accounts watch W CUITs each (default 1,000 × 100 = 100,000) of a crediticio feed of N CUITs (default
 * 1,000,000); a new snapshot of the feed changes 1% of the CUITs; the scan finds the watched ones among them and
 * records their events (target: at most 30 s). Then D deliveries (default 5,000) go to a local receiver (target: at
 * least 200 per second). Runs on a DATA_DIR of its own.
 */
export async function run(args: string[]): Promise<void> {
  const cuits = Number(option(args, "cuits") ?? 1_000_000);
  const accounts = Number(option(args, "accounts") ?? 1_000);
  const perAccount = Number(option(args, "per-account") ?? 100);
  const deliveries = Number(option(args, "deliveries") ?? 5_000);
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  const db = await openDatabase(option(args, "data-dir") ?? ".data-bench-monitoring", { demoCuits: 100 });
  try {
    let t = performance.now();
    // Accounts, watches and both snapshots are written in SQL: the figure is the scan's, not the setup's.
    await db.execute(sql`truncate watchlist, webhook_deliveries, webhook_endpoints, account_events, monitoring_scans`);
    // An earlier run's snapshots go with their partitions.
    const earlier = await db.execute<{ id: number }>(sql`select id from source_snapshots where feed = 'bench-monitoring'`);
    for (const { id } of earlier) await db.execute(sql.raw(`drop table if exists src_crediticio_${Number(id)}`));
    await db.execute(sql`delete from source_snapshots where feed = 'bench-monitoring'`);
    await db.execute(sql`insert into accounts (id, name, plan_tier)
      select 'acc_bench' || lpad(i::text, 12, '0'), 'Bench ' || i, 'enterprise' from generate_series(1, ${accounts}) i
      on conflict (id) do nothing`);
    const [{ p, n }] = await db.execute<{ p: number; n: number }>(sql`
      with s as (insert into source_snapshots (source, feed, snapshot_date, row_count)
                 values ('crediticio', 'bench-monitoring', '2026-01-01', ${cuits}), ('crediticio', 'bench-monitoring', '2026-02-01', ${cuits})
                 returning id, snapshot_date)
      select min(id) as p, max(id) as n from s`);
    for (const id of [p, n]) await createSourcePartition(db, "crediticio", id);
    const cuit = (i: string) => sql.raw(`'30' || lpad((${i})::text, 9, '0')`);
    await db.execute(sql`insert into src_crediticio (snapshot_id, cuit, denominacion, periodo, entidad_codigo, entidad_nombre, situacion, monto)
      select ${p}, ${cuit("i")}, 'EMPRESA ' || i, '202512', lpad((i % 60)::text, 5, '0'), 'BANCO ' || (i % 60), 1, i % 9000
        from generate_series(1, ${cuits}) i`);
    // 1% of the CUITs change (a pseudo-random one in a hundred): situación 1 to 3.
    await db.execute(sql`insert into src_crediticio (snapshot_id, cuit, denominacion, periodo, entidad_codigo, entidad_nombre, situacion, monto)
      select ${n}, cuit, denominacion, periodo, entidad_codigo, entidad_nombre,
             case when (hashint4(substr(cuit, 3)::int) & 2147483647) % 100 = 0 then 3 else situacion end, monto
        from src_crediticio where snapshot_id = ${p}`);
    // Each account watches its own CUITs, spread over the whole snapshot.
    const total = accounts * perAccount;
    await db.execute(sql`insert into watchlist (account_id, cuit)
      select 'acc_bench' || lpad((1 + (k % ${accounts}))::text, 12, '0'), ${cuit(`1 + (k * ${Math.max(1, Math.floor(cuits / total))}) % ${cuits}`)}
        from generate_series(0, ${total - 1}) k on conflict do nothing`);
    await db.execute(sql`analyze src_crediticio`);
    await db.execute(sql`analyze watchlist`);
    const [{ id: scanId }] = await db.execute<{ id: number }>(sql`insert into monitoring_scans (snapshot_id, previous_id) values (${n}, ${p}) returning id`);
    console.log(`setup: ${fmt(cuits)} CUITs × 2 snapshots, ${fmt(total)} watches over ${fmt(accounts)} accounts in ${secs(performance.now() - t)}`);

    t = performance.now();
    const outcome = await runScan(scanId);
    const scanMs = performance.now() - t;
    console.log(`detection: ${fmt(outcome?.cuits ?? 0)} watched CUITs changed, ${fmt(outcome?.eventos ?? 0)} events in ${secs(scanMs)} (target <= 30 s)`);

    const hook = await receiver();
    try {
      const accountId = "acc_bench000000000001";
      await db.execute(sql`insert into webhook_endpoints (id, account_id, url, eventos, secret)
        values ('whk_bench', ${accountId}, ${hook.url}, '{monitoreo.cambio}', ${`whsec_${Buffer.from("bench-secret-bench-secret-32byte").toString("base64")}`})`);
      await recordEvents(
        db,
        Array.from({ length: deliveries }, (_, i) => ({ accountId, tipo: "monitoreo.cambio" as const, cuit: "30000000001", severidad: "info" as const, datos: { n: i } })),
      );
      t = performance.now();
      const sent = await deliverDue();
      const deliverMs = performance.now() - t;
      console.log(
        `webhooks: ${fmt(sent.delivered)} of ${fmt(deliveries)} delivered in ${secs(deliverMs)}: ${fmt(Math.round(sent.delivered / (deliverMs / 1000)))} per second (target >= 200); the receiver saw ${fmt(hook.ids.size)} distinct webhook-ids`,
      );
    } finally {
      await hook.close();
    }
  } finally {
    await stopBoss();
    await closeDb();
    await stopEmbedded();
  }
}
