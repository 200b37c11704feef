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
 * The padrón's name and kind of person of the CUIT `cuit` (an SQL expression), as a subquery for a lateral join: from
 * the current snapshot of each identidad feed, the newest first, the order in which the identidad section merges
 * them. The screening matches by this name (lib/engine/sources/screening.ts), and monitoring matches the lists'
 * changes by it (lib/monitoring/screening-changes.ts).
 */
export const PADRON_NAME = (cuit: string): string => `
    select i.denominacion, i.tipo_persona from src_identidad i
      join (select distinct on (feed) id, snapshot_date from source_snapshots where source = 'identidad'
            order by feed, snapshot_date desc, id desc) s on s.id = i.snapshot_id
     where i.cuit = ${cuit} order by s.snapshot_date desc, s.id desc limit 1`;

/**
 * CURRENT_ALL as a report's first read, which also sets `plan_cache_mode` for the rest of the caller's transaction.
 * On lists of real size Postgres keeps choosing custom plans for the screening lists' queries
 * (lib/engine/sources/screening.ts): given the parameters' values their `&&` and `@>` conditions look cheaper, so it
 * plans them afresh on every call (about 0.25 ms each, about as long as they run), though the generic plan is the
 * same scan of the same GIN index. Every other statement of a report runs its cached generic plan anyway. Outside a
 * transaction block the setting lasts for its own statement.
 */
const CURRENT_ALL_GENERIC_AFTER = `select c.source, c.id, c.snapshot_date
  from (select set_config('plan_cache_mode', 'force_generic_plan', true)) as generic, (${CURRENT_ALL}) as c
 order by c.source, c.snapshot_date desc, c.id desc`;

// A named prepared statement: this runs before every report. Without parameters postgres.js would send it by the
// simple protocol, parsed and planned on every call; `simple: false` is the option its types leave out.
const readAll = (db: DbOrTx, query: string) => rawSql(db).unsafe<Row[]>(query, [], { prepare: true, simple: false } as postgres.UnsafeQueryOptions);

/**
 * The snapshots the engine reads, by source: for each feed, the greatest snapshot_date, then the greatest id. An
 * import becomes current the moment its transaction commits, in every process, because this is read on every call
 * (one small indexed query, cheaper than any cache invalidation scheme across app instances).
 */
export async function currentSnapshots(db: DbOrTx): Promise<Map<SourceName, CurrentSnapshot>> {
  return group(await readAll(db, CURRENT_ALL));
}

/** `currentSnapshots`, read as the first statement of a report's reads (CURRENT_ALL_GENERIC_AFTER). */
export async function reportSnapshots(db: DbOrTx): Promise<Map<SourceName, CurrentSnapshot>> {
  return group(await readAll(db, CURRENT_ALL_GENERIC_AFTER));
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
