/** A limit of `limit` requests per `windowSeconds`, counted per account or per client IP. */
export interface Rule {
  scope: "account" | "ip";
  limit: number;
  windowSeconds: number;
}

const perMinute = (scope: Rule["scope"], limit: number): Rule => ({ scope, limit, windowSeconds: 60 });

/**
 * Every rate limit of the app. The report and balance rows are spec 8.1; the catalog and snapshot rows are ours
 * (the contract leaves them open) and are generous, to stop abuse rather than shape traffic.
 */
export const POLICIES = {
  reportsCreate: [perMinute("account", 10), perMinute("ip", 30)],
  reportsGet: [perMinute("account", 10), perMinute("ip", 30)],
  reportsList: [perMinute("account", 30)],
  reportsQuote: [perMinute("account", 20)],
  balance: [perMinute("account", 20)],
  snapshot: [perMinute("account", 60), perMinute("ip", 120)],
  catalog: [perMinute("ip", 1200)],
} as const satisfies Record<string, readonly Rule[]>;

export type PolicyName = keyof typeof POLICIES;
