import { getTableColumns, getTableName } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { rawSql } from "@/db/raw";
import type { SectionKey } from "./types";

/** How a table source's rows of one CUIT are read: its table, the order of its rows, and how a row comes back. */
export interface TableRead<Row = unknown> {
  readonly from: string;
  /** The row's columns as the statement selects them, in the order `decode` takes them. */
  readonly values: string;
  readonly orderBy: string;
  decode(values: readonly unknown[]): Row;
}

/**
 * Columns that travel as JSON values of their own type, as postgres.js would give them (strings, numbers, booleans,
 * arrays); every other column (numeric, date, timestamp) travels as its text, which is what postgres.js hands the
 * column's drizzle decoder.
 */
const AS_JSON = new Set(["PgText", "PgVarchar", "PgEnumColumn", "PgInteger", "PgSmallInt", "PgSerial", "PgBoolean", "PgArray"]);

/**
 * A table source's read: `snapshot_id = any(ids) and cuit = $1`, pruned to the partitions of the current snapshot
 * of each of the source's feeds and read on their cuit index; rows come grouped by feed in the order of the ids given
 * (newest snapshot first), then in the source's own order. Rows are decoded by the drizzle columns' own decoders,
 * so they look exactly like drizzle rows.
 */
export function tableRead<T extends PgTable>(table: T, orderBy: string): TableRead<T["$inferSelect"]> {
  const columns = Object.entries(getTableColumns(table)).map(([key, c]: [string, PgColumn]) => ({
    key,
    name: c.keyAsName ? toSnakeCase(c.name) : c.name,
    column: c,
  }));
  return {
    from: getTableName(table),
    values: columns.map((c) => (AS_JSON.has(c.column.columnType) ? `"${c.name}"` : `"${c.name}"::text`)).join(", "),
    orderBy,
    decode(values) {
      const row: Record<string, unknown> = {};
      columns.forEach((c, i) => {
        const v = values[i];
        row[c.key] = v === null || v === undefined ? null : c.column.mapFromDriverValue(v);
      });
      return row;
    },
  };
}

/**
 * One named prepared statement that reads a CUIT's rows from every table source, each as one JSON array of rows:
 * one statement and one result instead of one per source, which was most of what a lookup cost the app (the rows
 * themselves are a few). A source without a current snapshot is read with no snapshot ids, and has no rows.
 */
export function readTogether(reads: readonly (readonly [SectionKey, TableRead])[]) {
  const query = `select ${reads
    .map(([key, r], i) => {
      const ids = `$${i + 2}::int4[]`;
      return `(select json_agg(json_build_array(${r.values}) order by array_position(${ids}, snapshot_id), ${r.orderBy})
        from "${r.from}" where snapshot_id = any(${ids}) and cuit = $1) as "${key}"`;
    })
    .join(",\n  ")}`;
  return async (db: DbOrTx, cuit: string, snapshotIds: (key: SectionKey) => readonly number[] | undefined): Promise<Map<SectionKey, unknown[]>> => {
    // Array literals as text: one parameter type for every call, so the statement is prepared once.
    const params = [cuit, ...reads.map(([key]) => `{${(snapshotIds(key) ?? []).join(",")}}`)];
    const [row] = await rawSql(db).unsafe<Record<string, unknown[][] | null>[]>(query, params, { prepare: true });
    return new Map(reads.map(([key, r]) => [key, (row[key] ?? []).map((values) => r.decode(values))]));
  };
}
