import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";

/** The account of a user's email (any case), or null. */
export async function accountIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row?.accountId ?? null;
}

/** Each account's first user's email, to name the accounts of a list of reports. */
export async function emailsByAccount(db: DbOrTx, accountIds: string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ accountId: users.accountId, email: users.email })
    .from(users)
    .where(inArray(users.accountId, [...new Set(accountIds)]))
    .orderBy(asc(users.createdAt));
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.accountId)) out.set(r.accountId, r.email);
  return out;
}
