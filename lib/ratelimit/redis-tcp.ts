import { createHash } from "node:crypto";
import { Redis as IORedis } from "ioredis";
import { FailOpenRateLimit } from "./redis-fail-open";
import { UpstashRateLimit, type RedisLimiterOptions, type ScriptClient } from "./upstash";

/** The first line of @upstash/ratelimit 2.2's scripts; only Upstash knows the flag, Redis 7 refuses the script. */
const SHEBANG = /^#!lua[^\n]*\n/;

const sha1 = (text: string): string => createHash("sha1").update(text).digest("hex");

/**
 * The two calls @upstash/ratelimit makes for a single-region sliding window (EVALSHA, then EVAL on NOSCRIPT),
 * served by a plain TCP Redis. EVAL strips the shebang line and remembers which stripped-script hash stands for
 * the hash the library knows, so later EVALSHA calls hit Redis's script cache. A hash not seen yet answers
 * NOSCRIPT, which makes the library send the script text.
 */
export function scriptClient(redis: IORedis): ScriptClient {
  const strippedHash = new Map<string, string>();
  const argv = (args: unknown[]) => args.map((a) => String(a));
  return {
    evalsha: async (hash, keys, args) => {
      const mapped = strippedHash.get(hash);
      if (!mapped) throw new Error("NOSCRIPT No matching script (not loaded through this adapter yet)");
      return redis.evalsha(mapped, keys.length, ...keys, ...argv(args));
    },
    eval: async (script, keys, args) => {
      const stripped = script.replace(SHEBANG, "");
      strippedHash.set(sha1(script), sha1(stripped));
      return redis.eval(stripped, keys.length, ...keys, ...argv(args));
    },
  };
}

/**
 * A TCP Redis connection for rate limiting. Commands wait for a (re)connection at most `timeoutMs`; the
 * fail-open wrapper decides what a request does meanwhile. `onError` receives connection errors, which ioredis
 * would otherwise print on its own.
 */
function connectRedis(url: string, timeoutMs: number, onError: (err: Error) => void): IORedis {
  const redis = new IORedis(url, {
    commandTimeout: timeoutMs,
    connectTimeout: Math.max(timeoutMs, 1000),
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  });
  redis.on("error", onError);
  return redis;
}

/** @upstash/ratelimit over `REDIS_URL` (redis:// or rediss://), failing open like the Upstash backend. */
export function redisTcpRateLimit(url: string, options: RedisLimiterOptions): FailOpenRateLimit {
  let report: (err: Error) => void = () => {};
  const redis = connectRedis(url, options.timeoutMs, (err) => report(err));
  const store = new UpstashRateLimit("redis", scriptClient(redis), options.prefix, () => redis.ping(), () => {
    redis.disconnect();
    return Promise.resolve();
  });
  const backend = new FailOpenRateLimit(store, options);
  report = (err) => backend.reportError(err);
  return backend;
}
