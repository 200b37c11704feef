import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { closeDb, getDb, type Db } from "@/db/client";
import { installDatabase } from "@/lib/database-boot";
import { stopEmbedded } from "@/db/embedded";
import { isAlive, sleep } from "@/scripts/lib/next-process";

/**
 * Boots the embedded Postgres of `dataDir` in this process (migrations, and the demo seed of `demoCuits` CUITs on
 * an empty database) and returns the app's database. This process owns the postmaster, so the servers it starts
 * on the same DATA_DIR attach to it, and killing one of them (the crash drill) leaves the database up. Must run
 * before anything reads the environment: `env()` is parsed once per process.
 */
export async function openDatabase(dataDir: string, options: { demoCuits?: number } = {}): Promise<Db> {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = path.resolve(dataDir);
  if (options.demoCuits) process.env.DEMO_CUITS = String(options.demoCuits);
  process.env.LOG_LEVEL ??= "warn";
  installDatabase();
  return getDb();
}

/**
 * How many reports the data dir holds. Every POST of a bench run writes one, and they stay: a figure measured on a
 * data dir is only comparable with another measured at a like size, so the benches print it.
 */
export async function reportsHeld(db: Db): Promise<number> {
  const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from reports`);
  return n;
}

/**
 * Reads the database's files of `dataDir` into the operating system's page cache, where the files of a database
 * that has been serving are. The kernel reclaims page cache that has gone unused for some minutes (DAMON's
 * proactive reclaim runs on this machine), so a data dir left alone, say during a CI run, is read back from disk
 * by the random lookups of `POST /v1/reports (nuevo)`: a run on such a data dir gave it 3% of the bare route, and
 * the same run after this read 20%. Returns the megabytes read and the seconds they took (under one for files
 * already cached).
 */
export function warmPageCache(dataDir: string): { mb: number; seconds: number } {
  const started = performance.now();
  const chunk = Buffer.allocUnsafe(1 << 20);
  let bytes = 0;
  const read = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) read(file);
      else if (entry.isFile()) {
        const fd = fs.openSync(file, "r");
        try {
          for (let n; (n = fs.readSync(fd, chunk, 0, chunk.length, null)) > 0; ) bytes += n;
        } finally {
          fs.closeSync(fd);
        }
      }
    }
  };
  read(path.join(dataDir, "pg", "base"));
  return { mb: bytes / 2 ** 20, seconds: (performance.now() - started) / 1000 };
}

/** The postmaster running on `dataDir`, from its pid file (line 1 pid, line 4 port). */
export function postmasterOf(dataDir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n");
    const pid = Number(lines[0]);
    return pid > 0 && isAlive(pid) ? { pid, port: Number(lines[3]) } : null;
  } catch {
    return null;
  }
}

/** Asks the postmaster of `dataDir` to shut down (fast mode) and waits until it is gone. */
export async function stopPostmaster(dataDir: string, timeoutMs = 20_000): Promise<void> {
  const pm = postmasterOf(dataDir);
  if (!pm) return;
  process.kill(pm.pid, "SIGINT");
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pm.pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pm.pid)) process.kill(pm.pid, "SIGKILL");
}

/**
 * Closes the pool and stops the database of `dataDir`, including a postmaster that someone restarted after this
 * process started the first one (the database-loss drill): the DATA_DIR is ours, so whatever runs on it is too.
 */
export async function closeDatabase(dataDir: string): Promise<void> {
  await closeDb().catch(() => undefined);
  await stopEmbedded().catch(() => undefined);
  await stopPostmaster(dataDir);
}
