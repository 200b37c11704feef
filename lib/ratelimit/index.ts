import type { LimitResult, RateLimitBackend } from "./backend";
import { MemoryRateLimit } from "./memory";
import { POLICIES, type PolicyName } from "./policies";

const holder = globalThis as unknown as { __legajoRateLimit?: RateLimitBackend };

export function rateLimiter(): RateLimitBackend {
  holder.__legajoRateLimit ??= new MemoryRateLimit();
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

export { POLICIES, type PolicyName } from "./policies";
export type { LimitResult, RateLimitBackend } from "./backend";
