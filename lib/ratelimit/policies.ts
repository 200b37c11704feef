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
  // Name search (issue 19): free, so limited like the quote that usually follows it.
  search: [perMinute("account", 20)],
  // A batch is one request however many CUITs it holds; reads are generous for progress polling.
  batchesCreate: [perMinute("account", 10), perMinute("ip", 30)],
  batchesRead: [perMinute("account", 120)],
  balance: [perMinute("account", 20)],
  // Watchlist, events feed and webhooks (issue 16): polling the feed every second stays under it.
  monitoring: [perMinute("account", 120), perMinute("ip", 600)],
  snapshot: [perMinute("account", 60), perMinute("ip", 120)],
  catalog: [perMinute("ip", 1200)],
  // Sign-in (lib/auth/sign-in.ts): every attempt of an address counts, before the password is checked; the
  // "account" scope is one account (or unknown email) from one address, since the last successful sign-in, so
  // guessing slows to a crawl while the owner, from any other address, still gets in.
  login: [perMinute("ip", 30), { scope: "ip", limit: 300, windowSeconds: 3600 }, { scope: "account", limit: 5, windowSeconds: 900 }],
  signup: [{ scope: "ip", limit: 30, windowSeconds: 3600 }],
  passwordReset: [{ scope: "ip", limit: 10, windowSeconds: 3600 }],
  // Checking the current password is a guess like a sign-in, from inside a session.
  passwordChange: [{ scope: "account", limit: 5, windowSeconds: 900 }],
  // Per recipient address and kind of mail: sign-up notices, verification and reset mails cannot flood a mailbox.
  authMail: [{ scope: "account", limit: 5, windowSeconds: 3600 }],
} as const satisfies Record<string, readonly Rule[]>;

export type PolicyName = keyof typeof POLICIES;
