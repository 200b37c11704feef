import type { DbOrTx } from "@/db/client";
import { listenChannel, onNotice, type Listener } from "@/db/notify";
import type { Plan } from "@/db/schema";
import { rawSql } from "@/db/raw";
import type { Caller } from "./caller";

/** The channel the triggers of db/migrations/0013_auth_cache_notify.sql notify on. */
export const AUTH_CHANNEL = "legajo_auth";
/**
 * The safety net: an entry older than this is read again, notified or not. Every change reaches every instance by
 * notification within milliseconds, and nothing is cached while the listener is down (probed every second), so this
 * bounds only a change written with the triggers bypassed.
 */
export const DEFAULT_MAX_AGE_MS = 30_000;
const DEFAULT_MAX_ENTRIES = 50_000;
/** Past this many single drops since the last drop of all, the next one drops all (and forgets them). */
const DROPPED_MEMORY = 10_000;

export type AccountGates = Caller["account"];

export interface CachedKey {
  keyId: string;
  accountId: string;
  /** Epoch milliseconds: a key past it is refused from the cache as from the database. */
  expiresAt: number;
}

export interface CachedAccount {
  account: AccountGates;
  plan: Plan | null;
}

interface Entry<T> {
  value: T;
  loadedAt: number;
}

export interface AuthCacheOptions {
  maxAgeMs?: number;
  maxEntries?: number;
}

/**
 * Verified keys (by hash) and the gates of their accounts (suspension, plan tier and plan row, admin, billing
 * model), held only while a notification connection is up, each for at most `maxAgeMs`:
 *
 * - a notification (`key:<id>`, `account:<id>`, `all`) drops what it names at once;
 * - while not listening nothing is served nor stored, and every change of the listener's state drops everything
 *   (notifications sent meanwhile are lost);
 * - a read that was under way when what it read was dropped is not stored: `stamp()` before the read, `put*()`
 *   after, and a put whose stamp is older than the last drop of that key or account (or of everything) is ignored,
 *   so a read that raced a revocation cannot bring the revoked key back.
 *
 * Unknown, revoked and expired keys are never stored: only successes are.
 */
export class AuthCache {
  readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly keys = new Map<string, Entry<CachedKey>>();
  private readonly hashOfKey = new Map<string, string>();
  private readonly accounts = new Map<string, Entry<CachedAccount>>();
  /** Counts the drops; a read remembers the count it began at. */
  private epoch = 0;
  /** The count at the last drop of everything. */
  private allAt = 0;
  /** The count at the last drop of each key and account (`key:<id>`, `account:<id>`), since the last drop of all. */
  private readonly droppedAt = new Map<string, number>();
  private up = false;

  constructor(options: AuthCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

  get listening(): boolean {
    return this.up;
  }

  get size(): { keys: number; accounts: number } {
    return { keys: this.keys.size, accounts: this.accounts.size };
  }

  setListening(up: boolean): void {
    this.up = up;
    this.clear();
  }

  clear(): void {
    this.allAt = ++this.epoch;
    this.droppedAt.clear();
    this.keys.clear();
    this.hashOfKey.clear();
    this.accounts.clear();
  }

  /** What a notification of the auth channel says changed: `key:<id>`, `account:<id>`, anything else is all. */
  invalidate(payload: string): void {
    const colon = payload.indexOf(":");
    const kind = colon < 0 ? payload : payload.slice(0, colon);
    const id = payload.slice(colon + 1);
    if (kind !== "key" && kind !== "account") return this.clear();
    if (this.droppedAt.size >= DROPPED_MEMORY) return this.clear();
    this.droppedAt.set(payload, ++this.epoch);
    if (kind === "key") {
      const hash = this.hashOfKey.get(id);
      if (hash !== undefined) this.keys.delete(hash);
      this.hashOfKey.delete(id);
    } else {
      this.accounts.delete(id);
    }
  }

  /** The epoch a read starts in; hand it to `putKey`/`putAccount` with what the read found. */
  stamp(): number {
    return this.epoch;
  }

  /** Whether what a read stamped `stamp` found about `name` may be kept: nothing dropped it since the read began. */
  private fresh(stamp: number, name: string): boolean {
    return this.up && this.allAt <= stamp && (this.droppedAt.get(name) ?? 0) <= stamp;
  }

  getKey(hash: string, at = performance.now()): CachedKey | undefined {
    if (!this.up) return undefined;
    const e = this.keys.get(hash);
    if (!e) return undefined;
    if (at - e.loadedAt >= this.maxAgeMs) {
      this.keys.delete(hash);
      this.hashOfKey.delete(e.value.keyId);
      return undefined;
    }
    return e.value;
  }

  getAccount(accountId: string, at = performance.now()): CachedAccount | undefined {
    if (!this.up) return undefined;
    const e = this.accounts.get(accountId);
    if (!e) return undefined;
    if (at - e.loadedAt >= this.maxAgeMs) {
      this.accounts.delete(accountId);
      return undefined;
    }
    return e.value;
  }

  putKey(stamp: number, hash: string, value: CachedKey, at = performance.now()): void {
    if (!this.fresh(stamp, `key:${value.keyId}`)) return;
    if (this.keys.size >= this.maxEntries) {
      const oldest = this.keys.entries().next().value;
      if (oldest) {
        this.keys.delete(oldest[0]);
        this.hashOfKey.delete(oldest[1].value.keyId);
      }
    }
    this.keys.delete(hash);
    this.keys.set(hash, { value, loadedAt: at });
    this.hashOfKey.set(value.keyId, hash);
  }

  putAccount(stamp: number, accountId: string, value: CachedAccount, at = performance.now()): void {
    if (!this.fresh(stamp, `account:${accountId}`)) return;
    if (this.accounts.size >= this.maxEntries) {
      const oldest = this.accounts.keys().next();
      if (!oldest.done) this.accounts.delete(oldest.value);
    }
    this.accounts.delete(accountId);
    this.accounts.set(accountId, { value, loadedAt: at });
  }
}

interface Attached {
  cache: AuthCache;
  listener: Listener;
  stopNotices: () => void;
}

const NOTICE_PREFIX = "legajo_auth ";

/** On globalThis, like the pool (db/client.ts): every bundle of the server shares one cache and one listener per pool. */
const shared = globalThis as unknown as { __legajoAuthCaches?: WeakMap<object, Attached> };
const attached = (shared.__legajoAuthCaches ??= new WeakMap<object, Attached>());

/**
 * Gives `db` a cache fed by the auth channel (once; later calls return the same one). The listener is a
 * connection of its own, closed with the pool by `closeDb()` or by `detachAuthCache`. The notices of the auth
 * triggers reach the cache too when the pool's `onnotice` dispatches them (db/client.ts's does).
 */
export function attachAuthCache(db: DbOrTx, options: AuthCacheOptions = {}): AuthCache {
  const existing = attached.get(db);
  if (existing) return existing.cache;
  const cache = new AuthCache(options);
  const pool = rawSql(db);
  const listener = listenChannel(pool, AUTH_CHANNEL, {
    onNotify: (payload) => cache.invalidate(payload),
    onState: (up) => cache.setListening(up),
  });
  // A change made through this very pool is announced on its own connection too, before its statement returns.
  const stopNotices = onNotice(pool, (message) => {
    if (message.startsWith(NOTICE_PREFIX)) cache.invalidate(message.slice(NOTICE_PREFIX.length));
  });
  attached.set(db, { cache, listener, stopNotices });
  return cache;
}

export async function detachAuthCache(db: DbOrTx): Promise<void> {
  const a = attached.get(db);
  if (!a) return;
  attached.delete(db);
  a.stopNotices();
  a.cache.setListening(false);
  await a.listener.close();
}

/** The listener behind `db`'s cache, for tests and drills (its backend pid, its state). */
export const authListenerOf = (db: DbOrTx): Listener | undefined => attached.get(db)?.listener;

/**
 * The cache of a database handle, attached on first use; none inside a transaction, which reads the rows as they
 * are in it.
 */
export function authCacheFor(db: DbOrTx): AuthCache | null {
  if ("rollback" in db) return null;
  return attached.get(db)?.cache ?? attachAuthCache(db);
}
