import { eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { monitoringScans, sourceSnapshots, type SourceName } from "@/db/schema";
import { COST } from "@/lib/billing/costs";
import { log } from "@/lib/log";
import type { SectionChange } from "@/lib/schemas/monitoring";
import { changedCuits, rowsOf } from "./changed-cuits";
import { recordScanEvents, type CuitChange } from "./record-events";
import { screeningChanges } from "./screening-changes";
import { summarize } from "./summarize";

/** Summaries are read for this many changed CUITs at a time. */
const CHUNK = 2_000;

async function sourceChanges(tx: Tx, source: SourceName, snapshotId: number, previousId: number | null): Promise<Map<string, SectionChange>> {
  if (source === "screening") return screeningChanges(tx, snapshotId, previousId);
  const out = new Map<string, SectionChange>();
  const cuits = await changedCuits(tx, source, snapshotId, previousId);
  for (let i = 0; i < cuits.length; i += CHUNK) {
    const chunk = cuits.slice(i, i + CHUNK);
    const ids = previousId ? [snapshotId, previousId] : [snapshotId];
    const rows = await rowsOf(tx, source, ids, chunk);
    for (const cuit of chunk) {
      const change = summarize(source, (previousId && rows.get(previousId)?.get(cuit)) || [], rows.get(snapshotId)?.get(cuit) ?? []);
      if (change) out.set(cuit, change);
    }
  }
  return out;
}

export interface ScanOutcome {
  scan_id: number;
  cuits: number;
  eventos: number;
  entregas: number;
  ms: number;
}

/**
 * The job "run scan X": the watched CUITs whose rows in the snapshot's source differ from the feed's previous
 * snapshot, each recorded as one `monitoreo.cambio` event per watching account, with their webhook deliveries, in
 * the transaction that marks the scan done. A transaction-scoped advisory lock makes a twin job wait and then find
 * the scan done; a worker killed midway leaves it undone, and the next announcement runs it again.
 */
export async function runScan(scanId: number): Promise<ScanOutcome | null> {
  const db = await getDb();
  const started = performance.now();
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`scan:${scanId}`}, 0))`);
    const [scan] = await tx
      .select({ done: monitoringScans.done, snapshotId: monitoringScans.snapshotId, previousId: monitoringScans.previousId, source: sourceSnapshots.source, date: sourceSnapshots.snapshotDate, feed: sourceSnapshots.feed })
      .from(monitoringScans)
      .innerJoin(sourceSnapshots, eq(sourceSnapshots.id, monitoringScans.snapshotId))
      .where(eq(monitoringScans.id, scanId));
    if (!scan || scan.done) return null;
    const changes = await sourceChanges(tx, scan.source, scan.snapshotId, scan.previousId);
    const events: CuitChange[] = [...changes].map(([cuit, change]) => ({
      cuit,
      severidad: change.severidad,
      datos: {
        fuente: scan.source,
        feed: scan.feed,
        snapshot_date: scan.date,
        secciones: [change],
        actualizacion_costo_unidades: COST.actualizacion,
      },
    }));
    const written = await recordScanEvents(tx, scanId, events);
    const ms = Math.round(performance.now() - started);
    await tx
      .update(monitoringScans)
      .set({ done: true, cuits: events.length, eventos: written.eventos, ms, finishedAt: new Date() })
      .where(eq(monitoringScans.id, scanId));
    return { scan_id: scanId, cuits: events.length, ...written, ms };
  });
  if (outcome) log().info(outcome, "monitoring scan");
  return outcome;
}
