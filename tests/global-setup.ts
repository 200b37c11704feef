import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { migrateAndSeed } from "@/db/client";
import { startEmbedded, stopEmbedded } from "@/db/embedded";

/**
 * One real Postgres for the integration suite: TEST_DATABASE_URL when set, otherwise embedded Postgres in a fresh
 * temporary DATA_DIR with a fresh database. Migrations and the demo seed run once here; the workers inherit
 * DATABASE_URL and DATA_DIR.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.DEMO_CUITS ??= "1500";
  // Many tests provoke failures on purpose; their expected error logs would bury the results.
  process.env.LOG_LEVEL ??= "fatal";
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const base = await startEmbedded(dataDir);
    const admin = postgres(base.replace(/\/legajo$/, "/postgres"), { max: 1, onnotice: () => {} });
    await admin.unsafe("create database legajo_test");
    await admin.end();
    url = base.replace(/\/legajo$/, "/legajo_test");
  }
  process.env.DATABASE_URL = url;
  const teardown = async () => {
    await stopEmbedded();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { seedDemo } = await import("@/lib/demo/seed");
    await migrateAndSeed(url, seedDemo);
  } catch (e) {
    // vitest skips the teardown of a setup that failed: the database this one started must not outlive it.
    await teardown();
    throw e;
  }
  return teardown;
}
