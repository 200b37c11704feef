import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRoute } from "@/lib/http/api-route";
import { DomainError } from "@/lib/errors";
import { newAccount } from "../helpers/accounts";
import { useFakeTime } from "../helpers/clock";
import { bearer, call } from "../helpers/http";

vi.hoisted(() => {
  // Read once by env() on first use in this worker.
  process.env.TRUST_PROXY = "true";
});

// A stand-in for GET /v1/reports/{id}: 30 per minute per IP.
const missingReport = apiRoute({ auth: "required", channel: true, limit: "reportsGet" }, () =>
  Promise.reject(new DomainError("not_found")),
);

let clock: ReturnType<typeof useFakeTime>;
beforeEach(() => {
  clock = useFakeTime(Math.floor(Date.now() / 60_000) * 60_000 + 10_000);
});
afterEach(() => clock.restore());

describe("per-IP limit behind one trusted proxy (TRUST_PROXY=true)", () => {
  const proxy = "10.0.0.1";
  /** What the proxy forwards: whatever X-Forwarded-For the client sent, then the address it saw. */
  const forwarded = (client: string, sent?: string) => ({ "x-forwarded-for": sent ? `${sent}, ${client}` : client });

  it("counts the address the proxy appended, not the proxy's socket address", async () => {
    for (let i = 0; i < 30; i++) {
      expect((await call(missingReport, "/v1/reports/inf_x", { ip: proxy, headers: forwarded("203.0.113.7") })).status).toBe(401);
    }
    expect((await call(missingReport, "/v1/reports/inf_x", { ip: proxy, headers: forwarded("203.0.113.7") })).status).toBe(429);
    const a = await newAccount();
    const other = await call(missingReport, "/v1/reports/inf_x", { ip: proxy, headers: { ...forwarded("203.0.113.8"), ...bearer(a.key) } });
    expect(other.status).toBe(404);
  });

  it("does not let a client escape its limit by sending its own X-Forwarded-For", async () => {
    const client = "203.0.113.20";
    for (let i = 0; i < 30; i++) {
      // A fresh forged address on every request: with the leftmost entry trusted, each would be a new bucket.
      await call(missingReport, "/v1/reports/inf_x", { ip: proxy, headers: forwarded(client, `198.51.100.${i}`) });
    }
    const next = await call(missingReport, "/v1/reports/inf_x", { ip: proxy, headers: forwarded(client, "198.51.100.200") });
    expect(next.status).toBe(429);
  });

  it("does not let a client exhaust another address's limit by naming it", async () => {
    const victim = "203.0.113.30";
    for (let i = 0; i < 31; i++) {
      await call(missingReport, "/v1/reports/inf_x", { ip: proxy, headers: forwarded("203.0.113.31", victim) });
    }
    expect((await call(missingReport, "/v1/reports/inf_x", { ip: proxy, headers: forwarded(victim) })).status).toBe(401);
  });

  it("falls back to the socket address when the proxy sent no X-Forwarded-For", async () => {
    const peer = "10.0.0.50";
    for (let i = 0; i < 30; i++) await call(missingReport, "/v1/reports/inf_x", { ip: peer });
    expect((await call(missingReport, "/v1/reports/inf_x", { ip: peer })).status).toBe(429);
    expect((await call(missingReport, "/v1/reports/inf_x", { ip: peer, headers: { "x-forwarded-for": "203.0.113.99" } })).status).toBe(401);
  });
});
