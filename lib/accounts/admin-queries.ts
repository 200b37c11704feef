import { desc, eq, ilike, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, auditLog, balances, packOrders, users, type AuditEntry } from "@/db/schema";
import { pageWindow } from "@/lib/paging";

export const ADMIN_PAGE_SIZE = 25;

/** `%` and `_` typed in a search box are literal characters, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const accountRow = {
  id: accounts.id,
  name: accounts.name,
  planTier: accounts.planTier,
  billingModel: accounts.billingModel,
  suspended: accounts.suspended,
  isAdmin: accounts.isAdmin,
  createdAt: accounts.createdAt,
  email: users.email,
  cupoAvailable: balances.cupoAvailable,
  compradoAvailable: balances.compradoAvailable,
};

/** Accounts whose user's email contains `q` (all when empty), newest first. */
export async function searchAccounts(db: DbOrTx, q: string, page: number) {
  const w = pageWindow(page, ADMIN_PAGE_SIZE);
  const rows = await db
    .select(accountRow)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(balances, eq(balances.accountId, accounts.id))
    .where(q ? ilike(users.email, `%${likeEscape(q.toLowerCase())}%`) : undefined)
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(w.limit)
    .offset(w.offset);
  return w.slice(rows);
}

export type AdminAccountRow = Awaited<ReturnType<typeof searchAccounts>>["items"][number];

/** One account with its first user's email and its pockets, or null. */
export async function accountForAdmin(db: DbOrTx, accountId: string): Promise<AdminAccountRow | null> {
  const [row] = await db
    .select(accountRow)
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .leftJoin(balances, eq(balances.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .orderBy(users.createdAt)
    .limit(1);
  return row ?? null;
}

/** The audit log, newest first; with `accountId`, only that account's entries. */
export async function auditPage(db: DbOrTx, page: number, accountId?: string): Promise<{ items: AuditEntry[]; hasMore: boolean }> {
  const w = pageWindow(page, ADMIN_PAGE_SIZE);
  const rows = await db
    .select()
    .from(auditLog)
    .where(accountId ? eq(auditLog.accountId, accountId) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(w.limit)
    .offset(w.offset);
  return w.slice(rows);
}

/** Headline numbers for the admin home. */
export async function adminCounts(db: DbOrTx) {
  const [row] = await db
    .select({
      accounts: sql<number>`(select count(*)::int from ${accounts})`,
      suspended: sql<number>`(select count(*)::int from ${accounts} where ${accounts.suspended})`,
      pendingOrders: sql<number>`(select count(*)::int from ${packOrders} where ${packOrders.status} = 'pending')`,
    })
    .from(sql`(select 1) as one`);
  return row;
}
