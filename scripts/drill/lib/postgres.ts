import { postmasterOf, stopPostmaster } from "@/bench/lib/database";
import { spawnPostmaster } from "@/db/embedded";

/** Stops the embedded Postgres of `dataDir` (fast shutdown: clients are cut off) and returns the port it used. */
export async function stopDatabase(dataDir: string): Promise<number> {
  const pm = postmasterOf(dataDir);
  if (!pm) throw new Error(`no Postgres runs on ${dataDir}`);
  await stopPostmaster(dataDir);
  return pm.port;
}

/**
 * Starts the embedded Postgres of `dataDir` again on the same port, as db/embedded.ts starts it, so that every
 * client's connection URL is valid again. The DATA_DIR is this run's own: whoever stops it at the end
 * (closeDatabase) finds this postmaster through its pid file.
 */
export async function startDatabase(dataDir: string, port: number): Promise<void> {
  await spawnPostmaster(dataDir, port);
}
