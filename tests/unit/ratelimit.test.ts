import { describe, expect, it } from "vitest";
import { applyPolicy, MemoryRateLimit, POLICIES } from "@/lib/ratelimit";
import type { Rule } from "@/lib/ratelimit/policies";

const MINUTE = 60_000;

describe("rate-limit policies (spec 8.1)", () => {
  it.each([
    ["reportsCreate", "POST /v1/reports", [{ scope: "account", limit: 10, windowSeconds: 60 }, { scope: "ip", limit: 30, windowSeconds: 60 }]],
    ["reportsQuote", "GET /v1/reports/quote", [{ scope: "account", limit: 20, windowSeconds: 60 }]],
    ["balance", "GET /v1/balance", [{ scope: "account", limit: 20, windowSeconds: 60 }]],
    ["reportsList", "GET /v1/reports", [{ scope: "account", limit: 30, windowSeconds: 60 }]],
    ["reportsGet", "GET /v1/reports/{id}", [{ scope: "account", limit: 10, windowSeconds: 60 }, { scope: "ip", limit: 30, windowSeconds: 60 }]],
  ] as const)("%s (%s) has exactly the contract's rules", (name, _route, rules) => {
    expect(POLICIES[name]).toEqual(rules);
  });

  it("counts each endpoint on its own budget", async () => {
    const backend = new MemoryRateLimit(() => 0);
    for (let i = 0; i < 20; i++) expect((await applyPolicy("balance", "account", "acc_1", backend)).denied).toBeNull();
    expect((await applyPolicy("balance", "account", "acc_1", backend)).denied).not.toBeNull();
    expect((await applyPolicy("reportsQuote", "account", "acc_1", backend)).denied).toBeNull();
  });

  it("applies only the rules of the scope asked for", async () => {
    const backend = new MemoryRateLimit(() => 0);
    const ip = await applyPolicy("reportsCreate", "ip", "10.0.0.1", backend);
    expect(ip.tightest).toMatchObject({ limit: 30, remaining: 29 });
    const account = await applyPolicy("reportsCreate", "account", "acc_1", backend);
    expect(account.tightest).toMatchObject({ limit: 10, remaining: 9 });
    expect((await applyPolicy("balance", "ip", "10.0.0.1", backend)).tightest).toBeNull();
  });
});

describe("in-process sliding window", () => {
  const rule: Rule = { scope: "account", limit: 10, windowSeconds: 60 };

  function limiter(start: number) {
    let at = start;
    const backend = new MemoryRateLimit(() => at);
    return { backend, advance: (ms: number) => (at += ms), hit: (key = "k") => backend.limit(key, rule) };
  }

  it("allows the limit, then denies, with remaining counting down and reset at the end of the window", async () => {
    const t = limiter(5 * MINUTE);
    for (let i = 0; i < 10; i++) {
      const r = await t.hit();
      expect(r).toEqual({ success: true, limit: 10, remaining: 9 - i, reset: 6 * MINUTE });
    }
    expect(await t.hit()).toEqual({ success: false, limit: 10, remaining: 0, reset: 6 * MINUTE });
  });

  it("weighs the previous window by how much of it still overlaps the last minute", async () => {
    const t = limiter(5 * MINUTE);
    for (let i = 0; i < 10; i++) await t.hit();
    t.advance(MINUTE); // start of the next window: the whole previous window still counts
    expect((await t.hit()).success).toBe(false);
    t.advance(MINUTE / 2); // half of it left: floor(10 * 0.5) = 5 used
    const allowed = [];
    for (let i = 0; i < 10; i++) allowed.push((await t.hit()).success);
    expect(allowed).toEqual([true, true, true, true, true, false, false, false, false, false]);
  });

  it("forgets everything after two windows", async () => {
    const t = limiter(5 * MINUTE);
    for (let i = 0; i < 10; i++) await t.hit();
    t.advance(2 * MINUTE);
    expect(await t.hit()).toMatchObject({ success: true, remaining: 9 });
  });

  it("does not count denied requests, so a client that backs off recovers", async () => {
    const t = limiter(5 * MINUTE);
    for (let i = 0; i < 10; i++) await t.hit();
    for (let i = 0; i < 50; i++) expect((await t.hit()).success).toBe(false);
    t.advance(MINUTE + 1);
    expect((await t.hit()).success).toBe(true);
  });

  it("keeps separate budgets per key", async () => {
    const t = limiter(5 * MINUTE);
    for (let i = 0; i < 10; i++) await t.hit("a");
    expect((await t.hit("a")).success).toBe(false);
    expect(await t.hit("b")).toMatchObject({ success: true, remaining: 9 });
  });

  it("follows the app clock when no clock is injected", async () => {
    const { setClock } = await import("@/lib/clock");
    let at = 7 * MINUTE;
    setClock(() => new Date(at));
    try {
      const backend = new MemoryRateLimit();
      for (let i = 0; i < 10; i++) await backend.limit("k", rule);
      expect((await backend.limit("k", rule)).reset).toBe(8 * MINUTE);
      at += 2 * MINUTE;
      expect((await backend.limit("k", rule)).success).toBe(true);
    } finally {
      setClock(null);
    }
  });
});
