import { now } from "@/lib/clock";
import type { LimitResult, RateLimitBackend } from "./backend";
import type { Rule } from "./policies";

interface Counter {
  window: number;
  windowMs: number;
  current: number;
  previous: number;
}

/** How often stale counters are dropped. */
const SWEEP_EVERY_MS = 60_000;

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
    // One counter per key and window length: a policy may count one key under rules of several lengths.
    const id = `${key}|${rule.windowSeconds}`;
    let c = this.counters.get(id);
    if (!c || c.window < window - 1) c = { window, windowMs, current: 0, previous: 0 };
    else if (c.window === window - 1) c = { window, windowMs, current: 0, previous: c.current };
    const overlap = 1 - (at - window * windowMs) / windowMs;
    const used = Math.floor(c.previous * overlap) + c.current;
    const reset = (window + 1) * windowMs;
    const success = used < rule.limit;
    if (success) c.current += 1;
    this.counters.set(id, c);
    this.sweep(at);
    return Promise.resolve({ success, limit: rule.limit, remaining: Math.max(0, rule.limit - used - 1), reset });
  }

  ping(): Promise<boolean> {
    return Promise.resolve(true);
  }

  private lastSweep = 0;

  /** Drops counters that no longer affect any decision (each measured in its own window length), once a minute. */
  private sweep(at: number): void {
    const slot = Math.floor(at / SWEEP_EVERY_MS);
    if (slot === this.lastSweep) return;
    this.lastSweep = slot;
    for (const [k, c] of this.counters) if (c.window < Math.floor(at / c.windowMs) - 1) this.counters.delete(k);
  }
}
