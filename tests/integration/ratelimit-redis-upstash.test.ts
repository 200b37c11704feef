import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import { Redis as IORedis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/v1/balance/route";
import { parseEnv } from "@/lib/env";
import { createLogger, setLogger } from "@/lib/log";
import { createRateLimiter, setRateLimiter, type RateLimitBackend } from "@/lib/ratelimit";
import { upstashRestRateLimit } from "@/lib/ratelimit/upstash";
import { newAccount } from "../helpers/accounts";
import { bearer, call } from "../helpers/http";

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.log("ratelimit-redis-upstash: skipped, REDIS_URL is not set (the Upstash REST shim fronts that Redis)");

/**
 * There is no Upstash server here, so this is a stand-in that speaks Upstash's REST protocol in front of the real
 * Redis. What it covers: `POST /` with a JSON command array and `POST /pipeline` with an array of them, the
 * `Authorization: Bearer <token>` check (401 otherwise), `{"result"}` / `{"error"}` bodies (400 on a command
 * error), and `Upstash-Encoding: base64` result encoding, which @upstash/redis asks for by default. Upstash itself
 * accepts the `#!lua flags=allow-key-locking` line of @upstash/ratelimit's scripts; plain Redis does not, so the
 * stand-in strips it and answers EVALSHA of the original hash with the stripped script, as the real service
 * would. Everything else (the Lua, the counters, expiry) is the real Redis.
 */
async function upstashShim(redisUrl: string, token: string) {
  const redis = new IORedis(redisUrl);
  const loaded = new Map<string, string>();
  const sha1 = (s: string) => createHash("sha1").update(s).digest("hex");
  const requests: string[][] = [];

  async function run(command: (string | number)[]): Promise<unknown> {
    const [name, ...args] = command.map(String);
    requests.push([name.toLowerCase(), ...args]);
    switch (name.toLowerCase()) {
      case "eval": {
        const stripped = args[0].replace(/^#!lua[^\n]*\n/, "");
        loaded.set(sha1(args[0]), sha1(stripped));
        return redis.call("eval", stripped, ...args.slice(1));
      }
      case "evalsha": {
        const mapped = loaded.get(args[0]);
        if (!mapped) throw new Error("NOSCRIPT No matching script. Please use EVAL.");
        return redis.call("evalsha", mapped, ...args.slice(1));
      }
      default:
        return redis.call(name, ...args);
    }
  }

  const encode = (value: unknown): unknown => {
    if (typeof value === "string") return value === "OK" ? value : Buffer.from(value).toString("base64");
    if (Array.isArray(value)) return value.map(encode);
    return value;
  };

  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      void (async () => {
        const send = (status: number, payload: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(payload));
        };
        if (req.method !== "POST" || req.headers.authorization !== `Bearer ${token}`) return send(401, { error: "Unauthorized" });
        const base64 = req.headers["upstash-encoding"] === "base64";
        const answer = async (command: (string | number)[]) => {
          try {
            const result = await run(command);
            return { result: base64 ? encode(result) : result };
          } catch (e) {
            return { error: (e as Error).message };
          }
        };
        const parsed = JSON.parse(body) as (string | number)[] | (string | number)[][];
        if (req.url === "/pipeline") return send(200, await Promise.all((parsed as (string | number)[][]).map(answer)));
        const single = await answer(parsed as (string | number)[]);
        send("error" in single ? 400 : 200, single);
      })();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    requests,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
      redis.disconnect();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function clearOfWindowEdge(needMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await sleep(left + 50);
}
let uniqueIp = 1;
const nextIp = () => `10.200.${process.pid & 255}.${uniqueIp++}`;
/** A unique prefix per backend; only these are cleaned up, since another run may share the Redis. */
const prefixes: string[] = [];
const testPrefix = () => {
  prefixes.push(`legajo-test-upstash:${randomUUID()}`);
  return prefixes.at(-1)!;
};

describe.skipIf(!REDIS_URL)("rate limits on Upstash over REST (a protocol stand-in in front of the real Redis)", () => {
  const TOKEN = `token-${randomUUID()}`;
  let shim: Awaited<ReturnType<typeof upstashShim>>;
  let backends: RateLimitBackend[] = [];
  const use = (b: RateLimitBackend) => (backends.push(b), setRateLimiter(b), b);

  beforeAll(async () => {
    shim = await upstashShim(REDIS_URL!, TOKEN);
  });
  afterEach(async () => {
    setRateLimiter(null);
    setLogger(null);
    for (const b of backends) await b.close?.();
    backends = [];
  });
  afterAll(async () => {
    const inspector = new IORedis(REDIS_URL!);
    const stale = (await Promise.all(prefixes.map((p) => inspector.keys(`${p}:*`)))).flat();
    if (stale.length) await inspector.del(...stale);
    inspector.disconnect();
    await shim.close();
  });

  it("is the backend the app picks when UPSTASH_REDIS_REST_URL and _TOKEN are set", async () => {
    const backend = use(createRateLimiter(parseEnv({ UPSTASH_REDIS_REST_URL: shim.url, UPSTASH_REDIS_REST_TOKEN: TOKEN })));
    expect(backend.name).toBe("upstash");
    expect(await backend.ping()).toBe(true);
  });

  it("GET /v1/balance allows 20 per minute per account through the REST API, then 429 with Retry-After", async () => {
    use(upstashRestRateLimit(shim.url, TOKEN, { prefix: testPrefix(), timeoutMs: 2000 }));
    const a = await newAccount();
    shim.requests.length = 0;
    await clearOfWindowEdge();
    for (let i = 0; i < 20; i++) {
      const res = await call(balance, "/v1/balance", { headers: bearer(a.key), ip: nextIp() });
      expect(res.status, `request ${i + 1}`).toBe(200);
      expect(res.headers.get("RateLimit-Remaining")).toBe(String(19 - i));
    }
    const denied = await call(balance, "/v1/balance", { headers: bearer(a.key), ip: nextIp() });
    expect(denied.status).toBe(429);
    expect(Number(denied.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    // The requests really went through the REST protocol as EVALSHA / EVAL commands.
    // The first EVALSHA meets an empty script cache and the library falls back to EVAL once.
    expect(shim.requests.filter(([c]) => c === "evalsha")).toHaveLength(21);
    expect(shim.requests.filter(([c]) => c === "eval")).toHaveLength(1);
  });

  it("goes on without counting, with one warning, when the token is refused", async () => {
    const lines: Record<string, unknown>[] = [];
    setLogger(createLogger({ write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) }, "info"));
    const backend = use(upstashRestRateLimit(shim.url, "wrong-token", { prefix: testPrefix(), timeoutMs: 500 }));
    const a = await newAccount();
    for (let i = 0; i < 22; i++) expect((await call(balance, "/v1/balance", { headers: bearer(a.key), ip: nextIp() })).status).toBe(200);
    const warnings = lines.filter((l) => l.level === 40 && l.backend === "upstash");
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0].reason)).toContain("Unauthorized");
    expect(await backend.ping()).toBe(false);
  });
});
