import type postgres from "postgres";
import type { DbOrTx, Tx } from "./client";

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

/** The Postgres error code (SQLSTATE) of a failed query: drizzle wraps the driver's error and keeps it as `cause`. */
export function pgCode(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = err?.cause?.code ?? err?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Sends the transaction's COMMIT now, in the same write as the statements sent before it, instead of in a round trip
 * of its own after the transaction's function returns (scripts/patch-postgres.mjs). If a statement before it
 * failed, Postgres rolls back instead and the transaction throws that failure. Only statement failures may undo it:
 * the function must not decide to roll back after calling this. postgres.js sends a query when it is first awaited
 * or `execute()`d, so the statements it follows must have been `execute()`d, not merely created; one sent after
 * it fails (AFTER_COMMIT).
 */
export function commitNow(tx: Tx): Promise<unknown> {
  return (rawSql(tx) as postgres.Sql & { commit(): Promise<unknown> }).commit();
}
