import { setBootSeed, type Db } from "@/db/client";
import { seedPlans } from "@/db/seed";
import { env } from "@/lib/env";

/**
 * What an empty database gets at boot: the demo (accounts, source data, catalog) with the embedded database or
 * SEED_DEMO=true, otherwise only the plans and packs. A production database never gets the demo accounts, whose
 * passwords are published, unless asked to. The demo's modules load only when the demo is seeded.
 */
export async function bootSeed(db: Db): Promise<void> {
  const e = env();
  if (e.SEED_DEMO ?? !e.DATABASE_URL) {
    const { seedDemo } = await import("./seed");
    await seedDemo(db);
  } else {
    await seedPlans(db);
  }
}

/**
 * Hands the boot seed to the data layer (db/client runs it on an empty database, inside the boot lock). Every
 * process that may be the first to boot a database calls this before its first `getDb()`: the server, the CLI,
 * the worker, the benchmarks and the test workers.
 */
export function installBootSeed(): void {
  setBootSeed(bootSeed);
}
