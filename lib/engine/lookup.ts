import { getTableColumns, getTableName } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { rawSql } from "@/db/raw";

/**
 * A source's lookup as one named prepared statement: `snapshot_id = any($1) and cuit = $2`, pruned to the
 * partitions of the current snapshot of each of the source's feeds and read on their cuit index; rows come grouped
 * by feed in the order of the ids given (newest snapshot first), then in the source's own order. It bypasses drizzle's query builder (it is the engine's hot path: no per-call SQL building, no re-parse on
 * the server) but maps values with the drizzle columns' own decoders, so rows look exactly like drizzle rows.
 */
export function lookupBy<T extends PgTable>(table: T, orderBy: string) {
  const columns = Object.entries(getTableColumns(table)).map(([key, c]: [string, PgColumn]) => ({
    key,
    name: c.keyAsName ? toSnakeCase(c.name) : c.name,
    decode: (v: unknown) => c.mapFromDriverValue(v),
  }));
  const list = columns.map((c) => `"${c.name}"`).join(", ");
  const query = `select ${list} from "${getTableName(table)}" where snapshot_id = any($1::int4[]) and cuit = $2 order by array_position($1::int4[], snapshot_id), ${orderBy}`;
  return async (db: DbOrTx, snapshotIds: readonly number[], cuit: string): Promise<T["$inferSelect"][]> => {
    // An array literal as text: one parameter type for every call, so the statement is prepared once.
    const ids = `{${snapshotIds.join(",")}}`;
    const rows = await rawSql(db).unsafe<Record<string, unknown>[]>(query, [ids, cuit], { prepare: true });
    return rows.map((r) => {
      const row: Record<string, unknown> = {};
      for (const c of columns) {
        const v = r[c.name];
        row[c.key] = v === null || v === undefined ? null : c.decode(v);
      }
      return row;
    });
  };
}
