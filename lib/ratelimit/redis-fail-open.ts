import { log } from "@/lib/log";
import type { LimitResult, RateLimitBackend } from "./backend";
import type { Rule } from "./policies";

export interface FailOpenOptions {
  /** How long a request waits for the store before it goes on uncounted. */
  timeoutMs: number;
  /** After a failure, how long requests skip the store instead of each waiting out the timeout. */
  pauseMs?: number;
  /** At most one warning per this interval; the next one says how many were held back. */
  warnEveryMs?: number;
}

class StoreTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeout(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A rate-limit store that cannot be reached must not take the API down with it: the request goes on, uncounted,
 * after at most `timeoutMs`, and a warning is logged (itself rate limited, so an outage under load writes a few
 * lines, not one per request). After a failure the store is skipped for `pauseMs`, so requests do not each pay
 * the timeout while it is down. The uncounted result claims the whole budget as remaining.
 */
export class FailOpenRateLimit implements RateLimitBackend {
  readonly name: string;
  private pausedUntil = 0;
  private lastWarning = Number.NEGATIVE_INFINITY;
  private heldBack = 0;
  private failing = false;
  private readonly pauseMs: number;
  private readonly warnEveryMs: number;

  constructor(
    private readonly store: RateLimitBackend,
    private readonly options: FailOpenOptions,
  ) {
    this.name = store.name;
    this.pauseMs = options.pauseMs ?? 5000;
    this.warnEveryMs = options.warnEveryMs ?? 30_000;
  }

  async limit(key: string, rule: Rule): Promise<LimitResult> {
    if (Date.now() < this.pausedUntil) return uncounted(rule);
    try {
      const result = await withTimeout(this.store.limit(key, rule), this.options.timeoutMs);
      if (this.failing) {
        this.failing = false;
        log().info({ backend: this.name }, "rate limiter reachable again");
      }
      return result;
    } catch (err) {
      this.failing = true;
      this.pausedUntil = Date.now() + this.pauseMs;
      this.reportError(err);
      return uncounted(rule);
    }
  }

  async ping(): Promise<boolean> {
    try {
      return await withTimeout(this.store.ping(), this.options.timeoutMs);
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    return this.store.close?.() ?? Promise.resolve();
  }

  /** Also fed by the client's own connection errors, which arrive between requests. */
  reportError(err: unknown): void {
    const at = Date.now();
    if (at - this.lastWarning < this.warnEveryMs) {
      this.heldBack += 1;
      return;
    }
    log().warn(
      { backend: this.name, reason: err instanceof Error ? err.message : String(err), heldBack: this.heldBack },
      "rate limiter unreachable; requests go on without being counted",
    );
    this.lastWarning = at;
    this.heldBack = 0;
  }
}

function uncounted(rule: Rule): LimitResult {
  const windowMs = rule.windowSeconds * 1000;
  return { success: true, limit: rule.limit, remaining: rule.limit, reset: (Math.floor(Date.now() / windowMs) + 1) * windowMs };
}
