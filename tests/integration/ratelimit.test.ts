import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { apiRoute } from "@/lib/http/api-route";
import { DomainError } from "@/lib/errors";
import { newAccount } from "../helpers/accounts";
import { useFakeTime } from "../helpers/clock";
import { bearer, call } from "../helpers/http";
import { OPERATOR } from "@/lib/audit/record";

vi.hoisted(() => {
  // Read once by env() on first use in this worker; ratelimit-proxy.test.ts covers TRUST_PROXY=true.
  process.env.TRUST_PROXY = "false";
});

// A stand-in for GET /v1/reports/{id} (10 per minute per account, plus 30 per IP), answering 404 like a missing report.
const missingReport = apiRoute({ auth: "required", channel: true, limit: "reportsGet" }, () =>
  Promise.reject(new DomainError("not_found")),
);

let clock: ReturnType<typeof useFakeTime>;
beforeEach(() => {
  // Ten seconds into a minute window, near today so that keys and sessions are valid.
  clock = useFakeTime(Math.floor(Date.now() / 60_000) * 60_000 + 10_000);
});
afterEach(() => clock.restore());

const getBalance = (headers: Record<string, string>, ip?: string) => call(balance, "/v1/balance", { headers, ip });

describe("429 rate_limited (spec 8.1)", () => {
  it("GET /v1/balance allows 20 a minute per account, then 429 with Retry-After and RateLimit-* headers", async () => {
    const a = await newAccount();
    for (let i = 0; i < 20; i++) {
      const ok = await getBalance(bearer(a.key));
      expect(ok.status).toBe(200);
      expect(ok.headers.get("ratelimit-limit")).toBe("20");
      expect(ok.headers.get("ratelimit-remaining")).toBe(String(19 - i));
      expect(ok.headers.get("ratelimit-reset")).toBe("50");
    }
    const res = await getBalance(bearer(a.key));
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: "rate_limited", message: expect.any(String) });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(res.headers.get("ratelimit-limit")).toBe("20");
    expect(res.headers.get("ratelimit-remaining")).toBe("0");
    expect(res.headers.get("ratelimit-reset")).toMatch(/^\d+$/);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("lets the next request through once Retry-After has passed, not a second before", async () => {
    const a = await newAccount();
    for (let i = 0; i < 20; i++) await getBalance(bearer(a.key));
    const denied = await getBalance(bearer(a.key));
    const wait = Number(denied.headers.get("retry-after")) * 1000;
    clock.advance(wait - 1000);
    expect((await getBalance(bearer(a.key))).status).toBe(429);
    clock.advance(1000);
    expect((await getBalance(bearer(a.key))).status).toBe(200);
  });

  it("is one budget per account, whether the calls come with a key or a session", async () => {
    const a = await newAccount();
    for (let i = 0; i < 10; i++) expect((await getBalance(bearer(a.key))).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await getBalance({ cookie: a.cookie })).status).toBe(200);
    expect((await getBalance({ cookie: a.cookie })).status).toBe(429);
    expect((await getBalance(bearer(a.key))).status).toBe(429);
  });

  it("counts every key of the account on the same budget", async () => {
    const a = await newAccount();
    const { createApiKey } = await import("@/lib/auth/api-keys");
    const { getDb } = await import("@/db/client");
    const second = await createApiKey(await getDb(), a.accountId, {}, OPERATOR);
    for (let i = 0; i < 20; i++) await getBalance(bearer(i % 2 ? a.key : second.key));
    expect((await getBalance(bearer(second.key))).status).toBe(429);
  });

  it("does not touch another account's budget", async () => {
    const a = await newAccount();
    const b = await newAccount();
    for (let i = 0; i < 21; i++) await getBalance(bearer(a.key));
    expect((await getBalance(bearer(b.key))).status).toBe(200);
  });

  it("counts a request whatever its outcome: a 403 of a suspended account uses the account's budget", async () => {
    const a = await newAccount();
    const { setSuspended } = await import("@/lib/accounts/update");
    const { getDb } = await import("@/db/client");
    await setSuspended(await getDb(), a.accountId, true, OPERATOR);
    for (let i = 0; i < 20; i++) expect((await getBalance(bearer(a.key))).status).toBe(403);
    expect((await getBalance(bearer(a.key))).status).toBe(429);
  });

  it("counts 404s toward the per-account limit (GET /v1/reports/{id}: 10 a minute)", async () => {
    const a = await newAccount();
    for (let i = 0; i < 10; i++) {
      const res = await call(missingReport, "/v1/reports/inf_x", { headers: bearer(a.key), ip: "198.51.100.1" });
      expect(res.status).toBe(404);
    }
    const res = await call(missingReport, "/v1/reports/inf_x", { headers: bearer(a.key), ip: "198.51.100.2" });
    expect(res.status).toBe(429);
    expect(res.headers.get("ratelimit-limit")).toBe("10");
  });

  it("counts per IP before authentication: 30 unauthenticated calls exhaust the IP, even for a valid key", async () => {
    const ip = "198.51.100.30";
    for (let i = 0; i < 30; i++) expect((await call(missingReport, "/v1/reports/inf_x", { ip })).status).toBe(401);
    const a = await newAccount();
    const res = await call(missingReport, "/v1/reports/inf_x", { headers: bearer(a.key), ip });
    expect(res.status).toBe(429);
    expect(res.headers.get("ratelimit-limit")).toBe("30");
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await call(missingReport, "/v1/reports/inf_x", { headers: bearer(a.key), ip: "198.51.100.31" })).status).toBe(404);
  });

  it("ignores X-Forwarded-For for the per-IP limit without TRUST_PROXY", async () => {
    const ip = "198.51.100.40";
    for (let i = 0; i < 30; i++) {
      await call(missingReport, "/v1/reports/inf_x", { ip, headers: { "x-forwarded-for": `203.0.113.${i}` } });
    }
    const res = await call(missingReport, "/v1/reports/inf_x", { ip, headers: { "x-forwarded-for": "203.0.113.200" } });
    expect(res.status).toBe(429);
  });

  it("recovers after the window slides past the burst", async () => {
    const a = await newAccount();
    for (let i = 0; i < 21; i++) await getBalance(bearer(a.key));
    clock.advance(2 * 60_000);
    const res = await getBalance(bearer(a.key));
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-remaining")).toBe("19");
  });
});
