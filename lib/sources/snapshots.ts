import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { sourceSnapshots, type SourceName } from "@/db/schema";
import { rawSql } from "./raw-sql";

export interface CurrentSnapshot {
  id: number;
  snapshotDate: string;
}

/**
 * The snapshot the engine reads for each source: the greatest snapshot_date, then the greatest id. A load becomes
 * current the moment its transaction commits, in every process, because this is read on every call (it is one
 * small indexed query, cheaper than any cache invalidation scheme across app instances).
 */
export async function currentSnapshots(db: DbOrTx): Promise<Map<SourceName, CurrentSnapshot>> {
  // A named prepared statement: this runs before every report.
  const rows = await rawSql(db).unsafe<{ source: SourceName; id: number; snapshot_date: string }[]>(
    `select distinct on (source) source::text as source, id, snapshot_date::text as snapshot_date
       from source_snapshots order by source, snapshot_date desc, id desc`,
    [],
    { prepare: true },
  );
  return new Map(rows.map((r) => [r.source, { id: r.id, snapshotDate: r.snapshot_date }]));
}

export async function currentSnapshot(db: DbOrTx, source: SourceName): Promise<CurrentSnapshot | null> {
  const [row] = await db
    .select({ id: sourceSnapshots.id, snapshotDate: sourceSnapshots.snapshotDate })
    .from(sourceSnapshots)
    .where(eq(sourceSnapshots.source, source))
    .orderBy(desc(sourceSnapshots.snapshotDate), desc(sourceSnapshots.id))
    .limit(1);
  return row ?? null;
}

/** Every loaded snapshot, newest first, for the operator. */
export async function listSnapshots(db: DbOrTx, source?: SourceName) {
  return db
    .select({
      id: sourceSnapshots.id,
      source: sourceSnapshots.source,
      snapshot_date: sourceSnapshots.snapshotDate,
      rows: sourceSnapshots.rowCount,
      file: sourceSnapshots.fileName,
      loaded_at: sql<string>`to_char(${sourceSnapshots.loadedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(sourceSnapshots)
    .where(source ? eq(sourceSnapshots.source, source) : undefined)
    .orderBy(desc(sourceSnapshots.snapshotDate), desc(sourceSnapshots.id));
}
