import { configureDatabase, type Db } from "@/db/client";
import { seedPlans } from "@/db/seed";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

/**
 * What an empty database gets at boot: the demo (accounts, source data, catalog) with the embedded database or
 * SEED_DEMO=true, otherwise only the plans and packs. A production database never gets the demo accounts, whose
 * passwords are published, unless asked to. The demo's modules load only when the demo is seeded.
 */
async function bootSeed(db: Db): Promise<void> {
  const e = env();
  if (e.SEED_DEMO ?? !e.DATABASE_URL) {
    const { seedDemo } = await import("./demo/seed");
    await seedDemo(db);
  } else {
    await seedPlans(db);
  }
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
