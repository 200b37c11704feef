import { now } from "@/lib/clock";
import type { LimitResult, RateLimitBackend } from "./backend";
import type { Rule } from "./policies";

interface Counter {
  window: number;
  current: number;
  previous: number;
}

/**
 * In-process sliding window, the same algorithm as @upstash/ratelimit's `slidingWindow`: the previous window's
 * count weighs in proportion to how much of it still overlaps the last `windowSeconds`. A denied request is not
 * counted, so a client that backs off recovers.
 */
export class MemoryRateLimit implements RateLimitBackend {
  readonly name = "memory";
  private readonly counters = new Map<string, Counter>();

  /** The app clock by default, the one the route wrapper measures Retry-After against. */
  constructor(private readonly clock: () => number = () => now().getTime()) {}

  limit(key: string, rule: Rule): Promise<LimitResult> {
    const windowMs = rule.windowSeconds * 1000;
    const at = this.clock();
    const window = Math.floor(at / windowMs);
    let c = this.counters.get(key);
    if (!c || c.window < window - 1) c = { window, current: 0, previous: 0 };
    else if (c.window === window - 1) c = { window, current: 0, previous: c.current };
    const overlap = 1 - (at - window * windowMs) / windowMs;
    const used = Math.floor(c.previous * overlap) + c.current;
    const reset = (window + 1) * windowMs;
    const success = used < rule.limit;
    if (success) c.current += 1;
    this.counters.set(key, c);
    this.sweep(window);
    return Promise.resolve({ success, limit: rule.limit, remaining: Math.max(0, rule.limit - used - 1), reset });
  }

  ping(): Promise<boolean> {
    return Promise.resolve(true);
  }

  private lastSweep = 0;

  /** Drops counters that no longer affect any decision, at most once a window. */
  private sweep(window: number): void {
    if (window === this.lastSweep) return;
    this.lastSweep = window;
    for (const [k, c] of this.counters) if (c.window < window - 1) this.counters.delete(k);
  }
}
