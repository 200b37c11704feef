import { getSql } from "@/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { rateLimiter, type RateLimitBackend } from "@/lib/ratelimit";
import { getStorage, type StorageDriver } from "@/lib/storage";

/** Long enough for a healthy dependency across a region, short enough for a load balancer's probe. */
export const CHECK_TIMEOUT_MS = 2000;

export interface CheckResult {
  ok: boolean;
  /** Which implementation answered: `external` or `embedded` Postgres, `memory`, `redis` or `upstash`, … */
  backend: string;
  ms: number;
  /** `timeout` or `unreachable`; the detail goes to the log, not to a public endpoint. */
  error?: "timeout" | "unreachable";
}

export interface ReadinessReport {
  status: "ready" | "not_ready";
  checks: Record<string, CheckResult>;
}

/** A dependency probe: resolves when the dependency answered, rejects (or returns false) when it did not. */
export interface Probe {
  name: string;
  backend: string;
  run(): Promise<unknown>;
}

class ProbeTimeout extends Error {}

async function runProbe(probe: Probe, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answered = await Promise.race([
      probe.run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ProbeTimeout()), timeoutMs);
      }),
    ]);
    if (answered === false) throw new Error("probe answered false");
    return { ok: true, backend: probe.backend, ms: elapsed() };
  } catch (err) {
    const error = err instanceof ProbeTimeout ? "timeout" : "unreachable";
    log().warn({ check: probe.name, backend: probe.backend, error, reason: err instanceof Error ? err.message : String(err) }, "readiness check failed");
    return { ok: false, backend: probe.backend, ms: elapsed(), error };
  } finally {
    clearTimeout(timer);
  }
}

export function databaseProbe(external: boolean): Probe {
  return {
    name: "database",
    backend: external ? "external" : "embedded",
    // getSql() waits for the boot (migrations, seed) too: an instance is not ready before its database is.
    run: async () => {
      const sql = await getSql();
      await sql`select 1`;
    },
  };
}

export function rateLimitProbe(limiter: RateLimitBackend = rateLimiter()): Probe {
  return { name: "ratelimit", backend: limiter.name, run: () => limiter.ping() };
}

/** `local` (files under DATA_DIR) or `s3`; the driver's ping checks that the store is reachable and writable. */
export function storageProbe(storage: StorageDriver = getStorage()): Probe {
  return { name: "storage", backend: storage.kind, run: () => storage.ping() };
}

/** Runs every probe in parallel; the instance is ready only when all of them answered. */
export async function readiness(probes: Probe[], timeoutMs = CHECK_TIMEOUT_MS): Promise<ReadinessReport> {
  const results = await Promise.all(probes.map(async (p) => [p.name, await runProbe(p, timeoutMs)] as const));
  const checks = Object.fromEntries(results);
  return { status: results.every(([, r]) => r.ok) ? "ready" : "not_ready", checks };
}

/** Callers within this interval share one round of probes, so a flood of /readyz calls cannot fan out to the stores. */
const REUSE_MS = 1000;
let recent: { at: number; limiter: RateLimitBackend; storage: StorageDriver; report: Promise<ReadinessReport> } | undefined;

/** The app's readiness: its database, its rate-limit store and its snapshot store. */
export function appReadiness(): Promise<ReadinessReport> {
  const limiter = rateLimiter();
  const storage = getStorage();
  const at = Date.now();
  if (recent && at - recent.at < REUSE_MS && recent.limiter === limiter && recent.storage === storage) return recent.report;
  const report = readiness([databaseProbe(Boolean(env().DATABASE_URL)), rateLimitProbe(limiter), storageProbe(storage)]);
  recent = { at, limiter, storage, report };
  return report;
}
