import type { Rule } from "./policies";

export interface LimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds when the current window ends. */
  reset: number;
}

/** A store that counts requests. `key` already names the policy, the scope and the account or IP. */
export interface RateLimitBackend {
  readonly name: string;
  limit(key: string, rule: Rule): Promise<LimitResult>;
  /** Whether the store answers (for /readyz). */
  ping(): Promise<boolean>;
  /** Releases connections (tests, shutdown). */
  close?(): Promise<void>;
}
