import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, users } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The account of the user with `email`; `404 not_found` when there is none. */
export async function accountByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ account: accounts, userId: users.id, email: users.email })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  if (!row) throw new ApiError(404, "not_found", { text: `No hay una cuenta con el email ${normalizeEmail(email)}.` });
  return row;
}
