import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/db/client";
import { dispatchNotice, listenChannel } from "@/db/notify";
import { authenticateKey, hashKey } from "@/lib/auth/api-keys";
import { loadAccountCaller } from "@/lib/auth/caller";
import { attachAuthCache, AUTH_CHANNEL, AuthCache, authListenerOf, detachAuthCache } from "@/lib/auth/caller-cache";
import { newAccount, type TestAccount } from "../helpers/accounts";

/**
 * The cache of verified callers (lib/auth/caller-cache.ts) against a real Postgres: the triggers of migration 0013
 * notify, the listener drops, and nothing is cached while the listener is down. Each test uses a database handle
 * of its own with its own cache, so the maximum age can be set per test; the writes go through a separate
 * connection, as another instance, the CLI or plain SQL would.
 */
const url = process.env.DATABASE_URL!;
let writer: postgres.Sql;
const handles: { sql: postgres.Sql; db: Db }[] = [];

async function cachedDb(maxAgeMs = 60_000): Promise<{ db: Db; cache: AuthCache }> {
  // Named like the app's pool and dispatching its notices as db/client.ts does.
  const sql: postgres.Sql = postgres(url, {
    max: 2,
    onnotice: (n) => dispatchNotice(sql, n),
    connection: { application_name: "legajo-cache-test" },
  });
  const db = createDb(sql);
  handles.push({ sql, db });
  const cache = attachAuthCache(db, { maxAgeMs });
  await until(() => cache.listening, 5000);
  return { db, cache };
}

async function until(ok: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await ok())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - started;
}

/**
 * A write that fires no trigger (session_replication_role = replica): the database changes and nobody is told,
 * which shows whether an answer came from the cache or from the database.
 */
const silently = (statement: (sql: postgres.TransactionSql) => Promise<unknown>) =>
  writer.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await statement(tx);
  });

beforeAll(() => {
  writer = postgres(url, { max: 2, onnotice: () => {} });
});

afterAll(async () => {
  for (const h of handles) {
    await detachAuthCache(h.db);
    await h.sql.end({ timeout: 5 });
  }
  await writer.end({ timeout: 5 });
});

describe("the cache of verified keys", () => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await newAccount({ plan: "ultimate" });
  });

  it("serves a verified key without reading it again, until a revocation is notified (well within a second)", async () => {
    const b = await newAccount({ plan: "ultimate" });
    const { db, cache } = await cachedDb();
    expect(await authenticateKey(db, b.key)).toMatchObject({ kind: "key", keyId: b.keyId, accountId: b.accountId });
    expect(cache.getKey(hashKey(b.key))).toMatchObject({ keyId: b.keyId });
    // Changed without a notification: the cache still answers, so the answer above came from it.
    await silently((tx) => tx`update api_keys set revoked_at = now() where id = ${b.keyId}`);
    expect(await authenticateKey(db, b.key)).toMatchObject({ keyId: b.keyId });
    // Any notified write of the key (here: un-revoke and revoke again) drops it everywhere.
    await writer`update api_keys set revoked_at = null where id = ${b.keyId}`;
    await writer`update api_keys set revoked_at = now() where id = ${b.keyId}`;
    const ms = await until(async () => (await authenticateKey(db, b.key)) === null, 1000);
    expect(ms).toBeLessThan(1000);
    expect(cache.getKey(hashKey(b.key))).toBeUndefined();
  });

  it("sees a change made through its own pool on the very next call, before any notification comes round", async () => {
    const { db, cache } = await cachedDb();
    for (let i = 0; i < 3; i++) {
      const b = await newAccount({ plan: "ultimate" });
      expect(await authenticateKey(db, b.key)).not.toBeNull();
      expect(cache.getKey(hashKey(b.key))).toBeDefined();
      await db.execute(sql`update api_keys set revoked_at = now() where id = ${b.keyId}`);
      expect(cache.getKey(hashKey(b.key))).toBeUndefined();
      expect(await authenticateKey(db, b.key)).toBeNull();
      expect((await loadAccountCaller(db, a.accountId, a.userId))?.account.suspended).toBe(false);
      expect(cache.getAccount(a.accountId)).toBeDefined();
      await db.execute(sql`update accounts set suspended = true where id = ${a.accountId}`);
      expect((await loadAccountCaller(db, a.accountId, a.userId))?.account.suspended).toBe(true);
      await db.execute(sql`update accounts set suspended = false where id = ${a.accountId}`);
      expect((await loadAccountCaller(db, a.accountId, a.userId))?.account.suspended).toBe(false);
    }
  });

  it("drops a deleted key and an expiry moved earlier; refuses a cached key past its expiry without a read", async () => {
    const b = await newAccount({ plan: "ultimate" });
    const { db, cache } = await cachedDb();
    expect(await authenticateKey(db, b.key)).not.toBeNull();
    await writer`update api_keys set expires_at = now() - interval '1 second' where id = ${b.keyId}`;
    await until(async () => (await authenticateKey(db, b.key)) === null, 1000);

    const c = await newAccount({ plan: "ultimate" });
    expect(await authenticateKey(db, c.key)).not.toBeNull();
    await writer`delete from api_keys where id = ${c.keyId}`;
    await until(async () => (await authenticateKey(db, c.key)) === null, 1000);

    const d = await newAccount({ plan: "ultimate" });
    expect(await authenticateKey(db, d.key)).not.toBeNull();
    // The key reaches its expiry while cached (here moved to 300 ms from now, in the database without a
    // notification and in the entry, as if it had been read with that expiry): refused without asking anyone.
    await silently((tx) => tx`update api_keys set expires_at = now() + interval '300 milliseconds' where id = ${d.keyId}`);
    cache.getKey(hashKey(d.key))!.expiresAt = Date.now() + 300;
    expect(await authenticateKey(db, d.key)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 350));
    expect(await authenticateKey(db, d.key)).toBeNull();
  });

  it("sees a suspension and a reactivation, by key and by session, within a second", async () => {
    const { db } = await cachedDb();
    expect((await authenticateKey(db, a.key))?.account.suspended).toBe(false);
    expect((await loadAccountCaller(db, a.accountId, a.userId))?.account.suspended).toBe(false);
    await writer`update accounts set suspended = true where id = ${a.accountId}`;
    await until(async () => (await authenticateKey(db, a.key))?.account.suspended === true, 1000);
    expect((await loadAccountCaller(db, a.accountId, a.userId))?.account.suspended).toBe(true);
    await writer`update accounts set suspended = false where id = ${a.accountId}`;
    await until(async () => (await loadAccountCaller(db, a.accountId, a.userId))?.account.suspended === false, 1000);
    expect((await authenticateKey(db, a.key))?.account.suspended).toBe(false);
  });

  it("sees a plan change of the account, and any change to the plans, within a second", async () => {
    const b = await newAccount({ plan: "ultimate" });
    const { db, cache } = await cachedDb();
    expect((await authenticateKey(db, b.key))?.account.planTier).toBe("ultimate");
    await writer`update accounts set plan_tier = 'pro' where id = ${b.accountId}`;
    await until(async () => (await authenticateKey(db, b.key))?.plan?.tier === "pro", 1000);
    expect((await authenticateKey(db, b.key))?.account.planTier).toBe("pro");

    // A plan row is shared: a statement on plans (even one that changes nothing) drops every entry.
    expect(cache.size.keys).toBeGreaterThan(0);
    await silently((tx) => tx`update api_keys set revoked_at = now() where id = ${b.keyId}`);
    await writer`update plans set display_label = display_label where tier = 'pro'`;
    await until(() => cache.size.keys === 0 && cache.size.accounts === 0, 1000);
    expect(await authenticateKey(db, b.key)).toBeNull();
  });

  it("reads again an entry older than its maximum age, notified or not", async () => {
    const b = await newAccount({ plan: "ultimate" });
    const { db } = await cachedDb(300);
    expect(await authenticateKey(db, b.key)).not.toBeNull();
    await silently((tx) => tx`update api_keys set revoked_at = now() where id = ${b.keyId}`);
    expect(await authenticateKey(db, b.key)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 320));
    expect(await authenticateKey(db, b.key)).toBeNull();
  });

  it("caches nothing while the notification connection is down, and starts again once it listens", async () => {
    const b = await newAccount({ plan: "ultimate" });
    const { db, cache } = await cachedDb();
    const listener = authListenerOf(db)!;
    expect(await authenticateKey(db, b.key)).not.toBeNull();
    expect(cache.size.keys).toBe(1);

    // The listening backend is killed: the close of its connection stops the cache at once and drops what it held;
    // the listener comes back by itself and the cache starts again, empty.
    await writer`select pg_terminate_backend(${listener.backendPid})`;
    await until(() => !cache.listening || cache.size.keys === 0, 1000);
    expect(cache.size.keys).toBe(0);
    await until(() => cache.listening, 5000);

    // Down for good: nothing served, nothing stored, every call reads the database.
    await detachAuthCache(db);
    expect(cache.listening).toBe(false);
    expect(await authenticateKey(db, b.key)).not.toBeNull();
    expect(cache.size.keys).toBe(0);
    await silently((tx) => tx`update api_keys set revoked_at = now() where id = ${b.keyId}`);
    expect(await authenticateKey(db, b.key)).toBeNull();
  });

  it("reports both edges of the listener's state when its backend is killed", async () => {
    const states: boolean[] = [];
    const l = listenChannel(writer, AUTH_CHANNEL, { onNotify: () => {}, onState: (up) => states.push(up) });
    try {
      await until(() => l.listening, 5000);
      await writer`select pg_terminate_backend(${l.backendPid})`;
      await until(() => states.length >= 3, 5000);
      expect(states.slice(0, 3)).toEqual([true, false, true]);
      expect(l.listening).toBe(true);
    } finally {
      await l.close();
    }
    expect(l.listening).toBe(false);
  });
});

describe("the rules of AuthCache", () => {
  const key = { keyId: "key_1", accountId: "acc_1", expiresAt: Date.now() + 60_000 };
  const gates = { account: { planTier: "pro" as const, billingModel: "balance" as const, suspended: false, isAdmin: false }, plan: null };

  it("stores and serves nothing while not listening", () => {
    const c = new AuthCache();
    c.putKey(c.stamp(), "h", key);
    c.putAccount(c.stamp(), "acc_1", gates);
    expect(c.size).toEqual({ keys: 0, accounts: 0 });
    c.setListening(true);
    c.putKey(c.stamp(), "h", key);
    expect(c.getKey("h")).toEqual(key);
    c.setListening(false);
    expect(c.getKey("h")).toBeUndefined();
    expect(c.size.keys).toBe(0);
  });

  it("ignores a read that raced a notification", () => {
    const c = new AuthCache();
    c.setListening(true);
    const stamp = c.stamp();
    c.invalidate("key:key_1");
    c.putKey(stamp, "h", key);
    c.putAccount(stamp, "acc_1", gates);
    expect(c.size).toEqual({ keys: 0, accounts: 1 });
    // Only what was dropped: the account was not, another key's drop does not matter; a drop of all does.
    const later = c.stamp();
    c.invalidate("key:key_2");
    c.putKey(later, "h", key);
    expect(c.getKey("h")).toEqual(key);
    const last = c.stamp();
    c.invalidate("all");
    c.putKey(last, "h", key);
    expect(c.size.keys).toBe(0);
  });

  it("drops a key by id, an account by id, everything on `all`", () => {
    const c = new AuthCache();
    c.setListening(true);
    c.putKey(c.stamp(), "h", key);
    c.putAccount(c.stamp(), "acc_1", gates);
    c.invalidate("account:acc_1");
    expect(c.getAccount("acc_1")).toBeUndefined();
    expect(c.getKey("h")).toEqual(key);
    c.invalidate("key:key_1");
    expect(c.getKey("h")).toBeUndefined();
    c.putKey(c.stamp(), "h", key);
    c.putAccount(c.stamp(), "acc_1", gates);
    c.invalidate("all");
    expect(c.size).toEqual({ keys: 0, accounts: 0 });
  });

  it("expires entries at their maximum age and keeps at most maxEntries", () => {
    const c = new AuthCache({ maxAgeMs: 1000, maxEntries: 2 });
    c.setListening(true);
    c.putKey(c.stamp(), "h1", key, 0);
    expect(c.getKey("h1", 999)).toEqual(key);
    expect(c.getKey("h1", 1000)).toBeUndefined();
    c.putKey(c.stamp(), "h1", { ...key, keyId: "k1" }, 0);
    c.putKey(c.stamp(), "h2", { ...key, keyId: "k2" }, 0);
    c.putKey(c.stamp(), "h3", { ...key, keyId: "k3" }, 0);
    expect(c.size.keys).toBe(2);
    expect(c.getKey("h1", 1)).toBeUndefined();
    expect(c.getKey("h3", 1)).toMatchObject({ keyId: "k3" });
  });
});
