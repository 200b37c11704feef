import { eq, sql } from "drizzle-orm";
import { type DbOrTx, perDatabase } from "@/db/client";
import { accounts, plans, type Account, type Plan } from "@/db/schema";
import { authCacheFor, type AuthCache, type CachedAccount } from "./caller-cache";

/** Who is calling: an API key or a web session, and the account behind it. */
export interface Caller {
  kind: "key" | "session";
  accountId: string;
  userId: string | null;
  keyId: string | null;
  account: Pick<Account, "planTier" | "billingModel" | "suspended" | "isAdmin">;
  /** Null when the plan could not be verified (spec 5.8: `403 internal`). */
  plan: Plan | null;
}

/** A caller that passed the gates: its plan is known. */
export type VerifiedCaller = Caller & { plan: Plan };

export const accountColumns = {
  planTier: accounts.planTier,
  billingModel: accounts.billingModel,
  suspended: accounts.suspended,
  isAdmin: accounts.isAdmin,
};

function accountLookup(db: DbOrTx) {
  return db
    .select({ ...accountColumns, plan: plans })
    .from(accounts)
    .leftJoin(plans, eq(plans.tier, accounts.planTier))
    .where(eq(accounts.id, sql.placeholder("accountId")))
    .limit(1)
    .prepare("account_caller");
}
/** Built once per database: a named prepared statement, neither rebuilt by drizzle nor re-planned per request. */
const accountLookups = perDatabase(accountLookup);

/** Copies, so that no caller can change what the cache hands to the next one. */
export const accountCaller = (kind: Caller["kind"], accountId: string, userId: string | null, keyId: string | null, a: CachedAccount): Caller => ({
  kind,
  accountId,
  userId,
  keyId,
  account: { ...a.account },
  plan: a.plan && { ...a.plan },
});

/** The account's gates and plan from the cache, or read (and cached) when absent. Null: no such account. */
export async function accountGates(db: DbOrTx, cache: AuthCache | null, accountId: string): Promise<CachedAccount | null> {
  const hit = cache?.getAccount(accountId);
  if (hit) return hit;
  const stamp = cache?.stamp() ?? 0;
  const lookup = accountLookups(db);
  const [row] = await lookup.execute({ accountId });
  if (!row) return null;
  const { plan, ...account } = row;
  const gates = { account, plan };
  cache?.putAccount(stamp, accountId, gates);
  return gates;
}

/**
 * Loads the account and its plan for a session caller: from the cache of verified callers when it holds them
 * (lib/auth/caller-cache.ts), otherwise from the database.
 */
export async function loadAccountCaller(
  db: DbOrTx,
  accountId: string,
  userId: string | null,
): Promise<Caller | null> {
  const gates = await accountGates(db, authCacheFor(db), accountId);
  return gates && accountCaller("session", accountId, userId, null, gates);
}
