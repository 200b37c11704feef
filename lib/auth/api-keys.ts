import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { type DbOrTx, perDatabase, withTransaction } from "@/db/client";
import { accounts, apiKeys, plans } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { base62, newId } from "@/lib/id";
import { rawSql } from "@/db/raw";
import { accountCaller, accountColumns, accountGates, type Caller } from "./caller";
import { authCacheFor } from "./caller-cache";

export const KEY_PREFIX = "lgj_";
export const MAX_ACTIVE_KEYS = 10;
export const DEFAULT_KEY_DAYS = 365;
const KEY_PATTERN = /^lgj_[0-9A-Za-z]{43}$/;
const DAY_MS = 86_400_000;

export const generateKey = (): string => `${KEY_PREFIX}${base62(randomBytes(32))}`;
export const isWellFormedKey = (key: string): boolean => KEY_PATTERN.test(key);
export const hashKey = (key: string): string => createHash("sha256").update(key).digest("hex");
/** What lists show: the prefix and four characters, enough to tell keys apart. */
export const displayStart = (key: string): string => key.slice(0, KEY_PREFIX.length + 4);

export type KeyState = "active" | "revoked" | "expired";

export interface KeyListItem {
  id: string;
  name: string;
  start: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  state: KeyState;
}

/**
 * Creates a key and returns its plaintext, the only time it exists outside the caller's hands. The account row is
 * locked so two concurrent creations cannot both take the tenth slot.
 */
export async function createApiKey(
  db: DbOrTx,
  accountId: string,
  input: { name?: string; expiresInDays?: number },
  actor: Actor,
): Promise<{ key: string; id: string; start: string; expiresAt: Date }> {
  const days = input.expiresInDays ?? DEFAULT_KEY_DAYS;
  if (!Number.isInteger(days) || days < 0 || days > 3650) {
    throw new DomainError("parametro_invalido", { text: "La validez debe ser un número entero de días entre 0 y 3650." });
  }
  const name = (input.name ?? "").trim() || "Clave de API";
  if (name.length > 80) throw new DomainError("parametro_invalido", { text: "El nombre admite hasta 80 caracteres." });
  return withTransaction(db, async (tx) => {
    const at = now();
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    if (!account) throw new DomainError("not_found", { text: "La cuenta no existe." });
    const [{ active }] = await tx
      .select({ active: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, at)));
    if (active >= MAX_ACTIVE_KEYS) {
      throw new DomainError("key_limit_reached", {
        text: `Ya tenés ${MAX_ACTIVE_KEYS} claves activas, el máximo por cuenta. Revocá una para crear otra.`,
      });
    }
    const key = generateKey();
    const id = newId("key");
    const expiresAt = new Date(at.getTime() + days * DAY_MS);
    await tx.insert(apiKeys).values({ id, accountId, name, hash: hashKey(key), start: displayStart(key), createdAt: at, expiresAt });
    await recordAudit(tx, actor, "key.create", accountId, { key_id: id, start: displayStart(key) });
    return { key, id, start: displayStart(key), expiresAt };
  });
}

export async function listApiKeys(db: DbOrTx, accountId: string): Promise<KeyListItem[]> {
  const at = now();
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      start: apiKeys.start,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => ({ ...r, state: r.revokedAt ? "revoked" : r.expiresAt <= at ? "expired" : "active" }));
}

/** Revokes one of the account's keys. A key of another account is as missing as one that never existed. */
export async function revokeApiKey(db: DbOrTx, accountId: string, keyId: string, actor: Actor): Promise<{ id: string; revokedAt: Date }> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: now() })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, revokedAt: apiKeys.revokedAt });
    if (!row?.revokedAt) throw new DomainError("not_found", { text: "No hay una clave activa con ese id en la cuenta." });
    await recordAudit(tx, actor, "key.revoke", accountId, { key_id: row.id });
    return { id: row.id, revokedAt: row.revokedAt };
  });
}

const TOUCH_EVERY_MS = 60_000;
/** Uses are written in batches this often: one UPDATE for every key used in the interval. */
const TOUCH_FLUSH_MS = 1_000;
const lastTouched = new Map<string, number>();
const pendingTouches = new Map<DbOrTx, Map<string, Date>>();
let flushTimer: NodeJS.Timeout | undefined;

const TOUCH_BATCH = `
  update api_keys k set last_used_at = v.at
    from unnest(string_to_array($1, ','), string_to_array($2, ',')::timestamptz[]) as v(id, at)
   where k.id = v.id and (k.last_used_at is null or k.last_used_at < v.at - interval '60 seconds')`;

function flushTouches(): void {
  flushTimer = undefined;
  const batches = [...pendingTouches];
  pendingTouches.clear();
  for (const [db, uses] of batches) {
    const ids = [...uses.keys()];
    const ats = [...uses.values()].map((d) => d.toISOString());
    rawSql(db)
      .unsafe(TOUCH_BATCH, [ids.join(","), ats.join(",")], { prepare: true })
      .catch(() => ids.forEach((id) => lastTouched.delete(id)));
  }
}

/**
 * `last_used_at` is written at most once a minute per key and per process, outside the request's critical path,
 * and in batches: a busy key costs one UPDATE a minute, and a thousand keys used in the same second cost one.
 */
function touch(db: DbOrTx, keyId: string, at: Date): void {
  const previous = lastTouched.get(keyId) ?? 0;
  if (at.getTime() - previous < TOUCH_EVERY_MS) return;
  lastTouched.set(keyId, at.getTime());
  if (lastTouched.size > 10_000) lastTouched.clear();
  let uses = pendingTouches.get(db);
  if (!uses) pendingTouches.set(db, (uses = new Map<string, Date>()));
  uses.set(keyId, at);
  flushTimer ??= setTimeout(flushTouches, TOUCH_FLUSH_MS).unref();
}

/**
 * The key lookup of every authenticated request, built once per database and sent as a named prepared statement:
 * drizzle otherwise rebuilds the SQL text on every call and Postgres re-plans it, which cost about five times the
 * CPU of the lookup itself.
 */
function keyLookup(db: DbOrTx) {
  return db
    .select({
      keyId: apiKeys.id,
      accountId: apiKeys.accountId,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      ...accountColumns,
      plan: plans,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .leftJoin(plans, eq(plans.tier, accounts.planTier))
    .where(eq(apiKeys.hash, sql.placeholder("hash")))
    .limit(1)
    .prepare("api_key_by_hash");
}
const keyLookups = perDatabase(keyLookup);

/**
 * Resolves a Bearer key to its caller, or null when it is malformed, unknown, revoked or expired. A key verified in
 * the last few seconds is served from the cache of verified callers (lib/auth/caller-cache.ts), which every
 * instance drops as soon as Postgres notifies a revocation, a suspension or a plan change; otherwise one read.
 */
export async function authenticateKey(db: DbOrTx, key: string): Promise<Caller | null> {
  if (!isWellFormedKey(key)) return null;
  const hash = hashKey(key);
  const cache = authCacheFor(db);
  const hit = cache?.getKey(hash);
  if (hit) {
    const at = now();
    if (hit.expiresAt <= at.getTime()) return null;
    const gates = await accountGates(db, cache, hit.accountId);
    if (!gates) return null;
    touch(db, hit.keyId, at);
    return accountCaller("key", hit.accountId, null, hit.keyId, gates);
  }
  const stamp = cache?.stamp() ?? 0;
  const lookup = keyLookups(db);
  const [row] = await lookup.execute({ hash });
  const at = now();
  if (!row || row.revokedAt || row.expiresAt <= at) return null;
  touch(db, row.keyId, at);
  const { keyId, accountId, expiresAt, plan, planTier, billingModel, suspended, isAdmin } = row;
  const gates = { account: { planTier, billingModel, suspended, isAdmin }, plan };
  if (cache) {
    cache.putKey(stamp, hash, { keyId, accountId, expiresAt: expiresAt.getTime() });
    cache.putAccount(stamp, accountId, gates);
  }
  return accountCaller("key", accountId, null, keyId, gates);
}
