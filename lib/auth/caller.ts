import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, plans, type Account, type Plan } from "@/db/schema";

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
const accountLookups = new WeakMap<DbOrTx, ReturnType<typeof accountLookup>>();

/** Loads the account and its plan for a session caller. */
export async function loadAccountCaller(
  db: DbOrTx,
  accountId: string,
  userId: string | null,
): Promise<Caller | null> {
  let lookup = accountLookups.get(db);
  if (!lookup) accountLookups.set(db, (lookup = accountLookup(db)));
  const [row] = await lookup.execute({ accountId });
  if (!row) return null;
  const { plan, ...account } = row;
  return { kind: "session", accountId, userId, keyId: null, account, plan };
}
