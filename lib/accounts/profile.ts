import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, users } from "@/db/schema";

/** Name, email and creation date of an account, for the account pages' headings. */
export async function accountProfile(db: DbOrTx, accountId: string, userId: string | null) {
  const [row] = await db
    .select({ name: accounts.name, createdAt: accounts.createdAt, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .where(userId ? eq(users.id, userId) : eq(accounts.id, accountId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row ?? null;
}
