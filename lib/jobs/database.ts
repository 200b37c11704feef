import postgres from "postgres";
import { createDb, ensureDatabase, getDb, socketOptions, type Db } from "@/db/client";

interface JobsConnection {
  db: Db;
  sql: postgres.Sql;
}

const cache = globalThis as unknown as { __legajoJobsDb?: Promise<JobsConnection> };

/** Connections of the job handlers: two batches at a time, each with its owner's connection and three items. */
const POOL_SIZE = 10;

/**
 * The job handlers' own pool, beside the API's: in the web process a running batch then never holds the
 * connections the API's requests wait for, so their latency does not depend on it. Opened after the app's
 * database is booted (migrated), on the same database.
 */
export function jobsDatabase(): Promise<JobsConnection> {
  cache.__legajoJobsDb ??= (async () => {
    await getDb();
    const sql = postgres(await ensureDatabase(), {
      max: POOL_SIZE,
      onnotice: () => {},
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      connect_timeout: 5,
      connection: { application_name: "legajo-jobs" },
      ...socketOptions(),
    });
    return { sql, db: createDb(sql) };
  })().catch((e: unknown) => {
    cache.__legajoJobsDb = undefined;
    throw e;
  });
  return cache.__legajoJobsDb;
}

export async function closeJobsDatabase(): Promise<void> {
  const pending = cache.__legajoJobsDb;
  cache.__legajoJobsDb = undefined;
  if (pending) await (await pending.catch(() => undefined))?.sql.end({ timeout: 5 });
}
