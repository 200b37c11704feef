/**
 * Production database set-up, run before a deploy:
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/migrate.ts
 *
 * Applies the pending migrations (the same ones every boot applies, under the same advisory lock, so it is safe
 * while instances are running) and, on an empty database, loads only the plans and report packs. The boot loads
 * the demo data (demo accounts with published passwords, generated source data) only when the plans table is
 * empty, so a database prepared here never gets it. Prints one JSON object; exits 1 on failure.
 */
import postgres from "postgres";
import { migrateAndSeed } from "@/db/client";
import { seedPlans } from "@/db/seed";
import { env, EnvError } from "@/lib/env";
import { logToStderr } from "@/lib/log";

async function main(): Promise<Record<string, unknown>> {
  logToStderr();
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: this script prepares an external database (the embedded one needs nothing).");
  const started = performance.now();
  await migrateAndSeed(url, seedPlans);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ migrations }] = await sql<{ migrations: number }[]>`select count(*)::int as migrations from drizzle.__drizzle_migrations`;
    const [{ plans }] = await sql<{ plans: number }[]>`select count(*)::int as plans from plans`;
    const [{ accounts }] = await sql<{ accounts: number }[]>`select count(*)::int as accounts from accounts`;
    return { ok: true, migrations, plans, accounts, ms: Math.round(performance.now() - started) };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

main().then(
  (out) => {
    process.stdout.write(`${JSON.stringify(out)}\n`);
    process.exit(0);
  },
  (e: unknown) => {
    const error = e instanceof EnvError ? "invalid_configuration" : "migration_failed";
    process.stdout.write(`${JSON.stringify({ error, message: e instanceof Error ? e.message : String(e) })}\n`);
    process.exit(1);
  },
);
