import path from "node:path";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { embeddedSocket, startEmbedded } from "./embedded";
import { closeListeners, dispatchNotice } from "./notify";

/**
 * Without drizzle's relational query API (`db.query`), which nothing uses: given the schema, drizzle builds a query
 * builder per table for every transaction it opens, one per POST /v1/reports.
 */
export type Db = PostgresJsDatabase;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * `build` run once per database or transaction handle, its result kept with the handle: for queries built once as
 * drizzle prepared statements (`.prepare(name)`) and executed on every call, neither rebuilt nor re-planned.
 */
export function perDatabase<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}

interface Connection {
  url: string;
  sql: postgres.Sql;
  db: Db;
}

/** Any number above is fine as long as every process uses the same one. */
const BOOT_LOCK = 746_201;

/** What an empty database gets at boot, run on the boot pool inside the boot lock. */
export type Seed = (db: Db) => Promise<void>;

/** What the data layer needs from the application; db/ reads no configuration and no logger of its own. */
export interface DatabaseConfig {
  /** An external database; without it, the embedded Postgres of `dataDir`. */
  url?: string;
  dataDir: string;
  poolSize: number;
  /** Run on an empty database after the migrations. */
  seed: Seed;
  /** Told of a boot that failed; the next caller retries it. */
  onBootError?: (err: unknown) => void;
}

const cache = globalThis as unknown as { __legajoDb?: Promise<Connection>; __legajoConfig?: () => DatabaseConfig };

/**
 * Installs the configuration, read when the database is first opened (lib/database-boot.ts installs it from the
 * environment). Kept on globalThis so that every bundle of the server sees the one the boot installed.
 */
export function configureDatabase(config: () => DatabaseConfig): void {
  cache.__legajoConfig = config;
}

function config(): DatabaseConfig {
  const read = cache.__legajoConfig;
  if (!read) throw new Error("The database is not configured: call installDatabase() (lib/database-boot.ts) before opening it.");
  return read();
}

/** Shown in pg_stat_activity; the CLI names itself so that it can tell its own connections from a server's. */
let applicationName = "legajo";
export function setApplicationName(name: string): void {
  applicationName = name;
}

export const createDb = (sql: postgres.Sql): Db => drizzle(sql, { casing: "snake_case" });

/**
 * How postgres.js reaches the database beside its URL: the embedded Postgres through its Unix socket when it listens
 * on one (cheaper than loopback TCP for every statement); a configured DATABASE_URL as it says.
 */
export function socketOptions(): { path?: string } {
  const c = config();
  const socket = c.url ? undefined : embeddedSocket(c.dataDir);
  return socket ? { path: socket } : {};
}

/** The database URL: the configured one, otherwise the embedded Postgres of the data dir, started if need be. */
export async function ensureDatabase(): Promise<string> {
  const c = config();
  return c.url ?? startEmbedded(c.dataDir);
}

/**
 * Runs the migrations and, on an empty database, the demo seed. A session advisory lock on a reserved connection
 * makes concurrent boots of several processes take turns; the seed gets a few connections of its own, so that
 * independent loads run side by side.
 */
export async function migrateAndSeed(url: string, seed?: Seed): Promise<void> {
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  let lock: postgres.ReservedSql | undefined;
  try {
    lock = await sql.reserve();
    await lock`select pg_advisory_lock(${BOOT_LOCK})`;
    const db = createDb(sql);
    await migrate(db, { migrationsFolder: path.join(process.cwd(), "db/migrations") });
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from plans`;
    if (n === 0 && seed) await seed(db);
  } finally {
    // Closing the connections ends the session, and with it the lock.
    lock?.release();
    await sql.end({ timeout: 5 });
  }
}

async function connect(): Promise<Connection> {
  const c = config();
  const url = await ensureDatabase();
  await migrateAndSeed(url, c.seed);
  const sql: postgres.Sql = postgres(url, {
    max: c.poolSize,
    // The auth triggers' notices (db/notify.ts): this process hears its own changes before the statement returns.
    onnotice: (notice) => dispatchNotice(sql, notice),
    // While the database is away, a request fails within seconds instead of queueing: postgres.js's default
    // reconnect backoff grows to 20 s with every failed connection of the pool, and a connect may take 30 s.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    connect_timeout: 5,
    connection: { application_name: applicationName },
    ...socketOptions(),
  });
  return { url, sql, db: createDb(sql) };
}

function connection(): Promise<Connection> {
  cache.__legajoDb ??= connect().catch((e: unknown) => {
    // A failed boot (database unreachable) is retried by the next caller instead of failing forever.
    cache.__legajoDb = undefined;
    cache.__legajoConfig?.().onBootError?.(e);
    throw e;
  });
  return cache.__legajoDb;
}

/** The booted database (migrated and seeded), shared by the whole process. */
export async function getDb(): Promise<Db> {
  return (await connection()).db;
}

export async function getSql(): Promise<postgres.Sql> {
  return (await connection()).sql;
}

/** Closes the pool; used by graceful shutdown and by the CLI before it exits. */
export async function closeDb(): Promise<void> {
  const pending = cache.__legajoDb;
  cache.__legajoDb = undefined;
  const conn = pending && (await pending.catch(() => undefined));
  if (!conn) return;
  // The LISTEN connections built on the pool (db/notify.ts) are not the pool's own: they close first.
  await closeListeners(conn.sql);
  await conn.sql.end({ timeout: 5 });
}

/** Runs `fn` in the caller's transaction when it has one, otherwise in a new one. */
export function withTransaction<T>(dbOrTx: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return "rollback" in dbOrTx ? fn(dbOrTx) : dbOrTx.transaction(fn);
}
