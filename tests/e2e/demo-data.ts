import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** CUITs of the demo data by the outcome of their report, and DNIs that resolve to a known CUIL. */
export interface DemoCuits {
  ok: string[];
  parcial: string[];
  no_resuelto: string[];
  dni: string[];
}

/** The CLI must use its own embedded database whatever the shell exports (as tests/e2e/server.ts does for the app). */
const ISOLATE = ["DATABASE_URL", "TEST_DATABASE_URL", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "S3_BUCKET", "S3_ENDPOINT"];

let cached: DemoCuits | undefined;

function stopPostgres(dir: string): void {
  const pidFile = path.join(dir, "pg", "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    if (pid > 0) process.kill(pid, "SIGINT");
  } catch {
    // already gone
  }
}

/**
 * The browser tests need CUITs that the server's demo data knows. The demo generator is seeded (DESIGN.md 7), so
 * the operator CLI's `demo:cuits`, run on a throw-away DATA_DIR of the same size as the server's (DEMO_CUITS, as
 * playwright.config.ts passes it), names CUITs the server has too; it classifies each one by running the engine.
 * Once per test worker.
 */
export function demoCuits(): DemoCuits {
  if (cached) return cached;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "legajo-e2e-cuits-"));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !ISOLATE.includes(k)));
  try {
    const out = execFileSync(process.execPath, ["--import", "tsx", "lib/cli/main.ts", "demo:cuits", "--limit", "5"], {
      env: { ...env, NODE_ENV: "production", DATA_DIR: dir, DEMO_CUITS: process.env.DEMO_CUITS ?? "300", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 240_000,
    });
    cached = JSON.parse(out) as DemoCuits;
    return cached;
  } finally {
    stopPostgres(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** "NN-NNNNNNNN-N", as people type it. */
export const hyphenated = (cuit: string): string => `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;
