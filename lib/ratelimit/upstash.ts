import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import type { LimitResult, RateLimitBackend } from "./backend";
import { FailOpenRateLimit } from "./redis-fail-open";
import type { Rule } from "./policies";

/** What @upstash/ratelimit calls on its `redis` for a single-region sliding window: EVALSHA, then EVAL on NOSCRIPT. */
export interface ScriptClient {
  eval(script: string, keys: string[], args: unknown[]): Promise<unknown>;
  evalsha(hash: string, keys: string[], args: unknown[]): Promise<unknown>;
}

export interface RedisLimiterOptions {
  /** Namespace of every key, so that environments sharing one Redis keep separate budgets. */
  prefix: string;
  timeoutMs: number;
}

/**
 * @upstash/ratelimit's single-region sliding window, the algorithm MemoryRateLimit reproduces in process: keys
 * `<prefix>:<policy>:<scope>:<id>:<window number>`, the previous window weighted by its remaining overlap, a
 * denied request not counted. Its ephemeral cache is off because it keeps denying until the window ends, where
 * the sliding window lets a request through as soon as the previous window weighs less; its own timeout is off
 * because FailOpenRateLimit owns that decision.
 */
export class UpstashRateLimit implements RateLimitBackend {
  private readonly limiters = new Map<string, Ratelimit>();

  constructor(
    readonly name: string,
    private readonly client: ScriptClient,
    private readonly prefix: string,
    private readonly pingStore: () => Promise<unknown>,
    private readonly closeStore: () => Promise<void> = () => Promise.resolve(),
  ) {}

  async limit(key: string, rule: Rule): Promise<LimitResult> {
    const { success, limit, remaining, reset } = await this.limiterFor(rule).limit(key);
    return { success, limit, remaining, reset };
  }

  async ping(): Promise<boolean> {
    await this.pingStore();
    return true;
  }

  close(): Promise<void> {
    return this.closeStore();
  }

  private limiterFor(rule: Rule): Ratelimit {
    const shape = `${rule.limit}/${rule.windowSeconds}`;
    let limiter = this.limiters.get(shape);
    if (!limiter) {
      limiter = new Ratelimit({
        // The library types its client as a full @upstash/redis instance but only ever calls these two methods.
        redis: this.client as unknown as Redis,
        limiter: Ratelimit.slidingWindow(rule.limit, `${rule.windowSeconds} s`),
        prefix: this.prefix,
        ephemeralCache: false,
        timeout: 0,
        analytics: false,
        enableProtection: false,
      });
      this.limiters.set(shape, limiter);
    }
    return limiter;
  }
}

/** Upstash over its REST API. Retries are left to the next request: a rate-limit check must not queue up. */
export function upstashRestRateLimit(url: string, token: string, options: RedisLimiterOptions): FailOpenRateLimit {
  const redis = new Redis({ url, token, retry: false, enableTelemetry: false, enableAutoPipelining: false });
  return new FailOpenRateLimit(new UpstashRateLimit("upstash", redis, options.prefix, () => redis.ping()), options);
}
