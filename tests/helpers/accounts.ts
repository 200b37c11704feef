import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { eq } from "drizzle-orm";
import { users, type BillingModel, type PlanTier } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create";
import { createApiKey } from "@/lib/auth/api-keys";
import { authSecret } from "@/lib/auth/secret";
import { OPERATOR } from "@/lib/audit/record";

export interface TestAccount {
  accountId: string;
  email: string;
  userId: string;
  key: string;
  keyId: string;
  /** Cookie header value of a signed-in web session of this account. */
  cookie: string;
}

/** A fresh account with one API key and a session cookie. Unique per call, so tests never share state. */
export async function newAccount(
  options: { plan?: PlanTier; admin?: boolean; billing?: BillingModel; password?: string } = {},
): Promise<TestAccount> {
  const db = await getDb();
  const email = `t-${randomUUID()}@example.test`;
  const created = await createAccount(
    db,
    { email, plan: options.plan ?? "ultimate", admin: options.admin ?? false, billing: options.billing ?? "balance", password: options.password },
    OPERATOR,
  );
  const { key, id } = await createApiKey(db, created.account_id, { name: "test" }, OPERATOR);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const token = await encode({ token: { uid: user.id, acc: created.account_id, email }, secret: authSecret() });
  return { accountId: created.account_id, email, userId: user.id, key, keyId: id, cookie: `next-auth.session-token=${token}` };
}
