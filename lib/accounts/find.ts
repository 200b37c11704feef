import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, users } from "@/db/schema";
import { DomainError } from "@/lib/errors";

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The account of the user with `email`; `404 not_found` when there is none. */
export async function accountByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ account: accounts, userId: users.id, email: users.email })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  if (!row) throw new DomainError("not_found", { text: `No hay una cuenta con el email ${normalizeEmail(email)}.` });
  return row;
}

/** The account of a user's email (any case: addresses are stored normalized), or null. */
export async function accountIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return row?.accountId ?? null;
}

/** Each account's first user's email, to name the accounts of a list. */
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
