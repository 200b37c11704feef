import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { datasetSnapshots, snapshotFiles } from "@/db/schema";
import { recordAudit, type Actor, OPERATOR } from "@/lib/audit/record";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { getStorage, type StorageDriver } from "@/lib/storage";

export interface PruneOptions {
  /** One dataset; all of them when absent. */
  datasetId?: string;
  /** Report what would go, delete nothing. */
  dryRun?: boolean;
  storage?: StorageDriver;
  /** Snapshots kept per dataset (default CATALOG_RETENTION). */
  keep?: number;
  actor?: Actor;
}

export interface PrunedSnapshot {
  snapshot_id: number;
  snapshot_date: string;
  files: string[];
}

export interface DatasetPruning {
  dataset_id: string;
  /** Snapshots whose files stay, the current one among them. */
  kept: number;
  pruned: PrunedSnapshot[];
  /** Snapshots whose files could not all be deleted: they stay kept and listed, and the next run retries them. */
  failed: (PrunedSnapshot & { error: string })[];
}

export interface PruneReport {
  retention: number;
  dry_run: boolean;
  datasets: DatasetPruning[];
}

/**
 * The order of the history and of retention: newest data first, and among publications of one date the latest. The
 * first `keep` of a dataset stay, and the current one always does (a backfilled older date may be current).
 */
export const HISTORY_ORDER = [desc(datasetSnapshots.snapshotDate), desc(datasetSnapshots.id)];

async function keptSnapshots(db: Db, datasetId?: string) {
  return db
    .select({
      id: datasetSnapshots.id,
      datasetId: datasetSnapshots.datasetId,
      snapshotDate: datasetSnapshots.snapshotDate,
      current: datasetSnapshots.current,
      manifestKey: datasetSnapshots.manifestKey,
    })
    .from(datasetSnapshots)
    .where(and(eq(datasetSnapshots.status, "ready"), isNull(datasetSnapshots.prunedAt), datasetId ? eq(datasetSnapshots.datasetId, datasetId) : undefined))
    .orderBy(asc(datasetSnapshots.datasetId), ...HISTORY_ORDER);
}

/** Deletes every object of one snapshot; deleting an object that is already gone succeeds, so a retry is safe. */
async function deleteObjects(storage: StorageDriver, keys: string[]): Promise<void> {
  for (const key of keys) await storage.delete(key);
}

/**
 * Applies retention: each dataset keeps its `keep` newest snapshots (CATALOG_RETENTION) and the files of older
 * ones are deleted from the store. A snapshot is marked pruned, and the deletion audited, only once all its files
 * are gone; when a deletion fails it stays listed as kept. Never touches the current snapshot.
 */
export async function pruneSnapshots(db: Db, options: PruneOptions = {}): Promise<PruneReport> {
  const keep = options.keep ?? env().CATALOG_RETENTION;
  const storage = options.storage ?? getStorage();
  const rows = await keptSnapshots(db, options.datasetId);
  const byDataset = new Map<string, typeof rows>();
  for (const row of rows) byDataset.set(row.datasetId, [...(byDataset.get(row.datasetId) ?? []), row]);

  const candidates = [...byDataset.values()].flatMap((list) => list.slice(keep).filter((r) => !r.current));
  const files = candidates.length
    ? await db
        .select({ snapshotId: snapshotFiles.snapshotId, objectKey: snapshotFiles.objectKey })
        .from(snapshotFiles)
        .where(inArray(snapshotFiles.snapshotId, candidates.map((c) => c.id)))
    : [];

  const report: PruneReport = { retention: keep, dry_run: options.dryRun ?? false, datasets: [] };
  for (const [datasetId, list] of byDataset) {
    const outcome: DatasetPruning = { dataset_id: datasetId, kept: list.length, pruned: [], failed: [] };
    for (const snapshot of list.slice(keep).filter((r) => !r.current)) {
      const keys = files.filter((f) => f.snapshotId === snapshot.id).map((f) => f.objectKey);
      if (snapshot.manifestKey) keys.push(snapshot.manifestKey);
      const entry: PrunedSnapshot = { snapshot_id: snapshot.id, snapshot_date: snapshot.snapshotDate, files: keys };
      if (options.dryRun) {
        outcome.pruned.push(entry);
        continue;
      }
      try {
        await deleteObjects(storage, keys);
      } catch (err) {
        log().warn({ err, datasetId, snapshotId: snapshot.id }, "could not delete the files of a snapshot past retention");
        outcome.failed.push({ ...entry, error: (err as Error).message });
        continue;
      }
      await db.transaction(async (tx) => {
        const [marked] = await tx
          .update(datasetSnapshots)
          .set({ prunedAt: now() })
          .where(and(eq(datasetSnapshots.id, snapshot.id), isNull(datasetSnapshots.prunedAt), eq(datasetSnapshots.current, false)))
          .returning({ id: datasetSnapshots.id });
        // Two runs may race on one snapshot; the one that marks it records it.
        if (marked) await recordAudit(tx, options.actor ?? OPERATOR, "dataset.snapshot_pruned", null, { dataset_id: datasetId, ...entry, retention: keep });
      });
      outcome.pruned.push(entry);
    }
    outcome.kept = list.length - outcome.pruned.length;
    report.datasets.push(outcome);
  }
  return report;
}
