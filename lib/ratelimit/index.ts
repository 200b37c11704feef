import { now } from "@/lib/clock";
import { env, type Env } from "@/lib/env";
import type { LimitResult, RateLimitBackend } from "./backend";
import { MemoryRateLimit } from "./memory";
import { POLICIES, type PolicyName } from "./policies";
import { redisTcpRateLimit } from "./redis-tcp";
import { upstashRestRateLimit } from "./upstash";

const holder = globalThis as unknown as { __legajoRateLimit?: RateLimitBackend };

/** Upstash over REST, or a TCP Redis, when configured (every instance then shares one budget); else in process. */
export function createRateLimiter(e: Env = env()): RateLimitBackend {
  const options = { prefix: e.RATE_LIMIT_PREFIX, timeoutMs: e.RATE_LIMIT_TIMEOUT_MS };
  if (e.UPSTASH_REDIS_REST_URL && e.UPSTASH_REDIS_REST_TOKEN) {
    return upstashRestRateLimit(e.UPSTASH_REDIS_REST_URL, e.UPSTASH_REDIS_REST_TOKEN, options);
  }
  if (e.REDIS_URL) return redisTcpRateLimit(e.REDIS_URL, options);
  return new MemoryRateLimit();
}

export function rateLimiter(): RateLimitBackend {
  holder.__legajoRateLimit ??= createRateLimiter();
  return holder.__legajoRateLimit;
}

/** Replaces the backend (tests use a memory backend with their own clock). */
export function setRateLimiter(backend: RateLimitBackend | null): void {
  holder.__legajoRateLimit = backend ?? undefined;
}

export interface PolicyOutcome {
  /** The rule that denied the request, if any. */
  denied: LimitResult | null;
  /** The tightest result, for the RateLimit-* headers. */
  tightest: LimitResult | null;
}

/** Counts one request against every rule of `policy` for the given scope ids. */
export async function applyPolicy(
  policy: PolicyName,
  scope: "account" | "ip",
  id: string,
  backend: RateLimitBackend = rateLimiter(),
): Promise<PolicyOutcome> {
  let denied: LimitResult | null = null;
  let tightest: LimitResult | null = null;
  for (const rule of POLICIES[policy]) {
    if (rule.scope !== scope) continue;
    const result = await backend.limit(`${policy}:${scope}:${id}`, rule);
    if (!result.success && !denied) denied = result;
    if (!tightest || result.remaining < tightest.remaining) tightest = result;
  }
  return { denied, tightest };
}

export { MemoryRateLimit } from "./memory";
export { POLICIES, type PolicyName } from "./policies";
export type { LimitResult, RateLimitBackend } from "./backend";

/**
 * Seconds until a denied request may be retried. At the very instant a window ends the previous window still weighs
 * in full, so a retry is only sure to pass strictly after `reset`. Measured with the app clock, the one the
 * in-process limiter counts with.
 */
export const retryAfterSeconds = (denied: LimitResult, nowMs: number = now().getTime()): number =>
  Math.max(1, Math.floor((denied.reset - nowMs) / 1000) + 1);
