import type postgres from "postgres";
import type { DbOrTx } from "./client";

/** SQL text of a timestamptz column as the API writes instants: ISO 8601 in UTC with milliseconds (`…Z`). */
export const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The one way to raw SQL: the postgres.js client behind a drizzle db or transaction, for what drizzle does not wrap
 * (COPY, fixed statement texts sent as named prepared statements, cursors). Inside a transaction it is that
 * transaction's connection, so the raw statements belong to the same transaction.
 */
export function rawSql(db: DbOrTx): postgres.Sql {
  return (db as unknown as { session: { client: postgres.Sql } }).session.client;
}
