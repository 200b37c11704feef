import { desc, eq, sql } from "drizzle-orm";
import type postgres from "postgres";
import type { DbOrTx } from "@/db/client";
import { sourceSnapshots, type SourceName } from "@/db/schema";
import { rawSql } from "@/db/raw";

/** What the engine reads of one source: the current snapshot of each of its feeds. */
export interface CurrentSnapshot {
  /** The newest of them (greatest snapshot_date, then id). */
  id: number;
  /** Every feed's current snapshot, newest first: the order in which merged fields take their value. */
  ids: number[];
  /** The newest snapshot_date among them: the date a section cites. */
  snapshotDate: string;
}

type Row = { source: SourceName; id: number; snapshot_date: string };

function group(rows: readonly Row[]): Map<SourceName, CurrentSnapshot> {
  const out = new Map<SourceName, CurrentSnapshot>();
  for (const r of rows) {
    const current = out.get(r.source);
    if (current) current.ids.push(r.id);
    else out.set(r.source, { id: r.id, ids: [r.id], snapshotDate: r.snapshot_date });
  }
  return out;
}

const current = (where: string) => `select source, id, snapshot_date from (
    select distinct on (source, feed) source::text as source, id, snapshot_date::text as snapshot_date
      from source_snapshots ${where} order by source, feed, snapshot_date desc, id desc
  ) current order by source, snapshot_date desc, id desc`;
const CURRENT_ALL = current("");
const CURRENT_OF_SOURCE = current("where source = $1");

/**
 * The snapshots the engine reads, by source: for each feed, the greatest snapshot_date, then the greatest id. An
 * import becomes current the moment its transaction commits, in every process, because this is read on every call
 * (one small indexed query, cheaper than any cache invalidation scheme across app instances).
 */
export async function currentSnapshots(db: DbOrTx): Promise<Map<SourceName, CurrentSnapshot>> {
  // A named prepared statement: this runs before every report. Without parameters postgres.js would send it by the
  // simple protocol, parsed and planned on every call; `simple: false` is the option its types leave out.
  return group(await rawSql(db).unsafe<Row[]>(CURRENT_ALL, [], { prepare: true, simple: false } as postgres.UnsafeQueryOptions));
}

export async function currentSnapshot(db: DbOrTx, source: SourceName): Promise<CurrentSnapshot | null> {
  const rows = await rawSql(db).unsafe<Row[]>(CURRENT_OF_SOURCE, [source], { prepare: true });
  return group(rows).get(source) ?? null;
}

/** Every loaded snapshot, newest first, for the operator. */
export async function listSnapshots(db: DbOrTx, source?: SourceName) {
  return db
    .select({
      id: sourceSnapshots.id,
      source: sourceSnapshots.source,
      feed: sourceSnapshots.feed,
      snapshot_date: sourceSnapshots.snapshotDate,
      rows: sourceSnapshots.rowCount,
      file: sourceSnapshots.fileName,
      loaded_at: sql<string>`to_char(${sourceSnapshots.loadedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(sourceSnapshots)
    .where(source ? eq(sourceSnapshots.source, source) : undefined)
    .orderBy(desc(sourceSnapshots.snapshotDate), desc(sourceSnapshots.id));
}
