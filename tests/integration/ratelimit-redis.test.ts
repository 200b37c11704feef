import { randomUUID } from "node:crypto";
import net from "node:net";
import { Redis as IORedis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as readyz } from "@/app/readyz/route";
import { GET as balance } from "@/app/v1/balance/route";
import { parseEnv } from "@/lib/env";
import { apiRoute, json } from "@/lib/http/api-route";
import { createLogger, setLogger } from "@/lib/log";
import { createRateLimiter, POLICIES, setRateLimiter, type PolicyName, type RateLimitBackend } from "@/lib/ratelimit";
import { MemoryRateLimit } from "@/lib/ratelimit/memory";
import { redisTcpRateLimit, scriptClient } from "@/lib/ratelimit/redis-tcp";
import { UpstashRateLimit } from "@/lib/ratelimit/upstash";
import { newAccount } from "../helpers/accounts";
import { bearer, call } from "../helpers/http";

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.log("ratelimit-redis: skipped, REDIS_URL is not set (CI points it at the Redis on 127.0.0.1:6379)");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every rule of spec 8.1 is per minute and windows start on the minute: keep a burst inside one window. */
async function clearOfWindowEdge(needMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await sleep(left + 50);
}

/** A unique prefix per backend, so that runs sharing one Redis never share a budget. */
const prefixes: string[] = [];
const testPrefix = () => {
  prefixes.push(`legajo-test:${randomUUID()}`);
  return prefixes.at(-1)!;
};

let uniqueIp = 1;
const nextIp = () => `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${uniqueIp++}`;

function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  setLogger(createLogger({ write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) }, "info"));
  return lines;
}

/** A TCP server that accepts connections and never answers: a Redis that hangs. */
async function blackhole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A route through the real wrapper for each policy of spec 8.1. */
const routeFor = (policy: PolicyName) => apiRoute({ auth: "required", limit: policy }, () => Promise.resolve(json({ ok: true })));

describe.skipIf(!REDIS_URL)("rate limits on a real Redis (REDIS_URL)", () => {
  let backends: RateLimitBackend[] = [];
  let inspector: IORedis;

  const use = (backend: RateLimitBackend) => {
    backends.push(backend);
    setRateLimiter(backend);
    return backend;
  };
  const redisBackend = (prefix = testPrefix(), timeoutMs = 2000) => redisTcpRateLimit(REDIS_URL!, { prefix, timeoutMs });

  beforeAll(() => {
    inspector = new IORedis(REDIS_URL!);
  });

  afterEach(async () => {
    setRateLimiter(null);
    setLogger(null);
    for (const b of backends) await b.close?.();
    backends = [];
  });

  afterAll(async () => {
    // Only this run's keys: another run may be using the same Redis right now.
    const stale = (await Promise.all(prefixes.map((p) => inspector.keys(`${p}:*`)))).flat();
    if (stale.length) await inspector.del(...stale);
    inspector.disconnect();
  });

  it("is the backend the app picks when REDIS_URL is set", async () => {
    const backend = use(createRateLimiter(parseEnv({ REDIS_URL, RATE_LIMIT_PREFIX: "legajo-test" })));
    expect(backend.name).toBe("redis");
    expect(await backend.ping()).toBe(true);
    const ready = await readyz();
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.ratelimit).toMatchObject({ ok: true, backend: "redis" });
  });

  it.each([
    ["reportsCreate", "POST", 10],
    ["reportsGet", "GET", 10],
    ["reportsList", "GET", 30],
    ["reportsQuote", "GET", 20],
    ["balance", "GET", 20],
  ] as const)("%s allows %s %i per minute per account, then answers 429 with Retry-After", async (policy, method, perAccount) => {
    const rule = POLICIES[policy].find((r) => r.scope === "account")!;
    expect(rule.limit).toBe(perAccount);
    use(redisBackend());
    const a = await newAccount();
    const ip = nextIp();
    const route = routeFor(policy);
    await clearOfWindowEdge();
    for (let i = 0; i < perAccount; i++) {
      const res = await call(route, "/t", { method, headers: bearer(a.key), ip });
      expect(res.status, `request ${i + 1}`).toBe(200);
      expect(Number(res.headers.get("RateLimit-Remaining"))).toBe(perAccount - i - 1);
    }
    const denied = await call(route, "/t", { method, headers: bearer(a.key), ip });
    expect(denied.status).toBe(429);
    expect(denied.body).toEqual({ error: "rate_limited", message: expect.any(String) });
    const retryAfter = Number(denied.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(61);
    expect(denied.headers.get("RateLimit-Limit")).toBe(String(perAccount));
    expect(denied.headers.get("RateLimit-Remaining")).toBe("0");
    // Another account is not affected.
    const b = await newAccount();
    expect((await call(route, "/t", { method, headers: bearer(b.key), ip })).status).toBe(200);
  });

  it.each(["reportsCreate", "reportsGet"] as const)("%s also allows 30 per minute per IP, whatever the account", async (policy) => {
    use(redisBackend());
    const route = routeFor(policy);
    const method = policy === "reportsCreate" ? "POST" : "GET";
    const accounts = await Promise.all([newAccount(), newAccount(), newAccount(), newAccount()]);
    const ip = nextIp();
    await clearOfWindowEdge();
    for (const a of accounts.slice(0, 3)) {
      for (let i = 0; i < 10; i++) expect((await call(route, "/t", { method, headers: bearer(a.key), ip })).status).toBe(200);
    }
    const denied = await call(route, "/t", { method, headers: bearer(accounts[3].key), ip });
    expect(denied.status).toBe(429);
    expect(denied.headers.get("RateLimit-Limit")).toBe("30");
    expect(Number(denied.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    // The same account from another address still has its own budget.
    expect((await call(route, "/t", { method, headers: bearer(accounts[3].key), ip: nextIp() })).status).toBe(200);
  });

  it("GET /v1/balance keeps one budget per account across its key and its session", async () => {
    use(redisBackend());
    const a = await newAccount();
    await clearOfWindowEdge();
    for (let i = 0; i < 20; i++) {
      const headers = i % 2 ? bearer(a.key) : { cookie: a.cookie };
      expect((await call(balance, "/v1/balance", { headers, ip: nextIp() })).status).toBe(200);
    }
    const denied = await call(balance, "/v1/balance", { headers: { cookie: a.cookie }, ip: nextIp() });
    expect(denied.status).toBe(429);
    expect(denied.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("keeps separate budgets per key prefix and per policy", async () => {
    const a = await newAccount();
    const ip = nextIp();
    const first = redisBackend();
    use(first);
    await clearOfWindowEdge();
    for (let i = 0; i < 20; i++) await call(balance, "/v1/balance", { headers: bearer(a.key), ip });
    expect((await call(balance, "/v1/balance", { headers: bearer(a.key), ip })).status).toBe(429);
    // Another policy of the same account has its own budget.
    expect((await call(routeFor("reportsList"), "/t", { headers: bearer(a.key), ip })).status).toBe(200);
    // Another prefix (another environment on the same Redis) starts from zero.
    use(redisBackend());
    expect((await call(balance, "/v1/balance", { headers: bearer(a.key), ip })).status).toBe(200);
    // And the first prefix is still exhausted.
    setRateLimiter(first);
    expect((await call(balance, "/v1/balance", { headers: bearer(a.key), ip })).status).toBe(429);
  });

  it("stores its sliding-window counters in Redis, under the prefix, with an expiry", async () => {
    const prefix = testPrefix();
    use(redisBackend(prefix));
    const a = await newAccount();
    await clearOfWindowEdge();
    await call(balance, "/v1/balance", { headers: bearer(a.key), ip: nextIp() });
    const window = Math.floor(Date.now() / 60_000);
    const key = `${prefix}:balance:account:${a.accountId}:${window}`;
    expect(await inspector.get(key)).toBe("1");
    const ttl = await inspector.pttl(key);
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(121_000);
  });

  it("decides exactly like the in-process backend", async () => {
    const rule = { scope: "account" as const, limit: 5, windowSeconds: 60 };
    const memory = new MemoryRateLimit(() => Date.now());
    const redis = use(redisBackend());
    await clearOfWindowEdge();
    for (let i = 0; i < 8; i++) {
      const [m, r] = [await memory.limit("k", rule), await redis.limit("k", rule)];
      expect(r, `call ${i + 1}`).toEqual(m);
    }
  });

  it("strips the Upstash-only shebang and reuses the cached script by its mapped hash", async () => {
    const connection = new IORedis(REDIS_URL!);
    const inner = scriptClient(connection);
    const calls: string[] = [];
    const counted = {
      eval: (s: string, k: string[], a: unknown[]) => (calls.push("eval"), inner.eval(s, k, a)),
      evalsha: (h: string, k: string[], a: unknown[]) => (calls.push("evalsha"), inner.evalsha(h, k, a)),
    };
    const store = new UpstashRateLimit("redis", counted, testPrefix(), () => connection.ping());
    const rule = { scope: "account" as const, limit: 3, windowSeconds: 60 };
    try {
      await clearOfWindowEdge();
      const results = [];
      for (let i = 0; i < 4; i++) results.push((await store.limit("k", rule)).success);
      expect(results).toEqual([true, true, true, false]);
      // First call: EVALSHA of the library's hash is unknown, EVAL loads the stripped script; then EVALSHA only.
      expect(calls).toEqual(["evalsha", "eval", "evalsha", "evalsha", "evalsha"]);
    } finally {
      connection.disconnect();
    }
  });

  describe("when Redis cannot be reached", () => {
    it("lets requests through without counting and logs one warning (closed port)", async () => {
      const lines = captureLogs();
      use(redisTcpRateLimit(`redis://127.0.0.1:${await closedPort()}`, { prefix: testPrefix(), timeoutMs: 300 }));
      const a = await newAccount();
      const started = performance.now();
      const statuses = [];
      for (let i = 0; i < 25; i++) statuses.push((await call(balance, "/v1/balance", { headers: bearer(a.key), ip: nextIp() })).status);
      expect(statuses).toEqual(Array(25).fill(200));
      // After the first failure no check waits out its own timeout while the store is known to be down.
      expect(performance.now() - started).toBeLessThan(5000);
      const warnings = lines.filter((l) => l.msg === "rate limiter unreachable; requests go on without being counted");
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, backend: "redis", reason: expect.any(String) });
    });

    it("waits at most RATE_LIMIT_TIMEOUT_MS for a Redis that hangs, then goes on", async () => {
      const hole = await blackhole();
      const lines = captureLogs();
      try {
        const backend = use(redisTcpRateLimit(`redis://127.0.0.1:${hole.port}`, { prefix: testPrefix(), timeoutMs: 400 }));
        const a = await newAccount();
        let started = performance.now();
        const first = await call(balance, "/v1/balance", { headers: bearer(a.key), ip: nextIp() });
        const firstMs = performance.now() - started;
        expect(first.status).toBe(200);
        expect(firstMs).toBeGreaterThanOrEqual(390);
        expect(firstMs).toBeLessThan(2000);
        // The next requests skip the store while it is paused instead of each waiting again.
        started = performance.now();
        expect((await call(balance, "/v1/balance", { headers: bearer(a.key), ip: nextIp() })).status).toBe(200);
        expect(performance.now() - started).toBeLessThan(300);
        expect(lines.filter((l) => l.level === 40 && l.backend === "redis")).toHaveLength(1);
        expect(await backend.ping()).toBe(false);
      } finally {
        await hole.close();
      }
    });
  });
});
