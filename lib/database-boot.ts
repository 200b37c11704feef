import { configureDatabase, type Db } from "@/db/client";
import { clusterExists } from "@/db/embedded";
import { seedPlans } from "@/db/seed";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

const seedsDemo = () => env().SEED_DEMO ?? !env().DATABASE_URL;

/**
 * What an empty database gets at boot: the demo (accounts, source data, catalog) with the embedded database or
 * SEED_DEMO=true, otherwise only the plans and packs. A production database never gets the demo accounts, whose
 * passwords are published, unless asked to. The demo's modules load only when the demo is seeded.
 */
async function bootSeed(db: Db): Promise<void> {
  if (seedsDemo()) {
    const { seedDemo } = await import("./demo/seed");
    await seedDemo(db);
  } else {
    await seedPlans(db);
  }
}

/**
 * Called by the server before it opens the database: when the embedded data dir has no database yet, the demo seed
 * is sure to run, and its source files are generated while Postgres initialises rather than after.
 */
export function prepareBootSeed(): void {
  const e = env();
  if (e.DATABASE_URL || !seedsDemo() || clusterExists(e.dataDir)) return;
  import("./demo/seed").then(
    (demo) => void demo.prepareDemo(),
    () => undefined,
  );
}

/**
 * Hands the data layer (db/client) what it needs from the application: where the database is (the configuration),
 * what an empty one gets (`bootSeed`, or the plans only with `plansOnly`), and the logger for a failed boot. Every
 * process that opens the database calls this before its first `getDb()`: the server, the CLI, the worker, the
 * benchmarks and the test workers.
 */
export function installDatabase(options: { plansOnly?: boolean } = {}): void {
  configureDatabase(() => {
    const e = env();
    return {
      url: e.DATABASE_URL,
      dataDir: e.dataDir,
      poolSize: e.DATABASE_POOL_SIZE,
      seed: options.plansOnly ? seedPlans : bootSeed,
      onBootError: (err) => log().error({ err }, "database boot failed"),
    };
  });
}
