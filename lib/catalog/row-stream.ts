import { finished } from "node:stream/promises";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { rawSql } from "@/db/raw";
import type { SourceTable } from "@/db/schema";
import { selectExpression, type PublishedColumn } from "./columns";
import type { ColumnType } from "@/lib/schemas/catalog";

/** Rows in column-major form: `columns[i][r]` is column i of row r, in the order of the published columns. */
export interface Batch {
  length: number;
  columns: unknown[][];
}

export const emptyBatch = (width: number): Batch => ({ length: 0, columns: Array.from({ length: width }, () => []) });

const dialect = new PgDialect({ casing: "snake_case" });

/** Rows handed on at a time. */
const BATCH = 5_000;

/** COPY's text format escapes (PostgreSQL never emits octal or hex escapes on output). */
const ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };
const unescape = (field: string) => field.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);

/** Postgres's own text for each type, as the select expressions shape it, to the values publication writes. */
function fromCopyText(type: ColumnType): (text: string) => unknown {
  switch (type) {
    case "SMALLINT":
    case "INTEGER":
    case "DOUBLE":
      return Number;
    case "BIGINT":
      return BigInt;
    case "BOOLEAN":
      return (t) => t === "t";
    case "TIMESTAMP":
      return (t) => new Date(Number(t));
    case "JSON":
      return (t) => JSON.parse(t) as unknown;
    default:
      return (t) => t;
  }
}

/**
 * The bytes of `COPY ... TO STDOUT`. postgres.js (3.4) pauses the socket whenever the COPY stream's buffer is full
 * and resumes it only when the stream is read again; if the buffer is full when the COPY ends, the socket stays
 * paused, the connection never sees ReadyForQuery and the next query on it hangs. So the stream is always read to
 * its end (also when the consumer stops early), and then asked to read once more, which resumes the socket. On the
 * pool, the COPY runs on a reserved connection: postgres.js would otherwise pipeline the pool's next query onto the
 * connection in COPY when every connection is busy, and that query fails with COPY_IN_PROGRESS.
 */
async function* copyOut(db: Db, text: string): AsyncGenerator<Uint8Array> {
  const sql = rawSql(db);
  const reserved = "reserve" in sql ? await sql.reserve() : null;
  try {
    const stream = await (reserved ?? sql).unsafe(text).readable();
    try {
      for await (const chunk of stream.iterator({ destroyOnReturn: false })) yield chunk;
    } finally {
      if (!stream.readableEnded) {
        stream.resume();
        await finished(stream).catch(() => undefined);
      }
      (stream as unknown as { _read(size: number): void })._read(0);
    }
  } finally {
    reserved?.release();
  }
}

/**
 * Streams a query's rows through `COPY (query) TO STDOUT`: Postgres sends plain tab-separated text, which costs a
 * fraction of row-by-row protocol parsing, and the stream's backpressure keeps memory flat whatever the row count.
 * The text is scanned in place into column arrays, so no per-row objects are made. COPY takes no bind parameters,
 * so the query's parameters are inlined (drizzle escapes them). It holds one pooled connection until the end.
 */
export async function* copyRows(db: Db, query: SQL, columns: readonly PublishedColumn[]): AsyncGenerator<Batch> {
  const { sql: text } = dialect.sqlToQuery(query.inlineParams());
  const stream = copyOut(db, `copy (${text}) to stdout`);
  const decoder = new TextDecoder();
  const width = columns.length;
  const convert = columns.map((c) => fromCopyText(c.type));
  let batch = emptyBatch(width);
  let carry = "";
  const scan = (chunk: string, final: boolean): string => {
    let pos = 0;
    for (;;) {
      let eol = chunk.indexOf("\n", pos);
      if (eol < 0) {
        if (!final || pos >= chunk.length) return chunk.slice(pos);
        eol = chunk.length;
      }
      let start = pos;
      for (let i = 0; i < width; i++) {
        const end = i === width - 1 ? eol : chunk.indexOf("\t", start);
        if (end < 0 || end > eol || (i === width - 1 && chunk.lastIndexOf("\t", eol - 1) >= start)) {
          throw new Error(`COPY returned a row without ${width} fields`);
        }
        const field = chunk.slice(start, end);
        batch.columns[i].push(field === "\\N" ? null : convert[i](field.includes("\\") ? unescape(field) : field));
        start = end + 1;
      }
      batch.length++;
      pos = eol + 1;
    }
  };
  for await (const bytes of stream) {
    carry = scan(carry + decoder.decode(bytes, { stream: true }), false);
    if (batch.length >= BATCH) {
      yield batch;
      batch = emptyBatch(width);
    }
  }
  scan(carry + decoder.decode(), true);
  if (batch.length) yield batch;
}

/**
 * The file Postgres writes itself with `COPY (query) TO STDOUT (FORMAT csv, HEADER)`, streamed as bytes: the CSV of a
 * table costs this process almost nothing, and Postgres formats it on another core while this one writes Parquet.
 */
export async function* copyCsv(db: Db, query: SQL): AsyncGenerator<Uint8Array> {
  const { sql: text } = dialect.sqlToQuery(query.inlineParams());
  yield* copyOut(db, `copy (${text}) to stdout with (format csv, header)`);
}

type Expression = (column: PublishedColumn) => SQL;

/**
 * The published columns of a source table's snapshots (the current one of each feed), ordered by CUIT (then
 * snapshot, when there are several) so a republication is byte-identical.
 */
export function sourceSnapshotQuery(
  table: SourceTable,
  columns: readonly PublishedColumn[],
  snapshotIds: readonly number[],
  expression: Expression = selectExpression,
): SQL {
  const bySnapshot = snapshotIds.length > 1 ? sql`, ${table.snapshotId}` : sql``;
  const order = columns.some((c) => c.name === "cuit") ? sql` order by ${sql.identifier("cuit")}${bySnapshot}` : sql``;
  return sql`select ${sql.join(columns.map(expression), sql`, `)} from ${table} where ${inSnapshots(table.snapshotId, snapshotIds)}${order}`;
}

/** `column in (ids)`: the rows of several snapshots (one per current feed of a source). */
export const inSnapshots = (column: AnyColumn, ids: readonly number[]): SQL =>
  ids.length === 1 ? sql`${column} = ${ids[0]}` : sql`${column} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

/** Wraps a view's query so its columns go through the same casts as a table's. */
export function viewQuery(inner: SQL, columns: readonly PublishedColumn[], expression: Expression = selectExpression): SQL {
  return sql`select ${sql.join(columns.map(expression), sql`, `)} from (${inner}) as v`;
}
