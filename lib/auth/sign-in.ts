import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { normalizeEmail } from "@/lib/accounts/find";
import { now } from "@/lib/clock";
import { verifyPasswordOf } from "./passwords";
import { emailKey, retryAfter } from "./throttle";
import { throttledFailure } from "./throttle-text";

/** A throttled attempt; its message is what next-auth passes on to the login page (`throttled:<seconds>`). */
export class SignInThrottled extends Error {
  override name = "SignInThrottled";
  constructor(readonly retryAfter: number) {
    super(throttledFailure(retryAfter));
  }
}

export interface SignedInUser {
  id: string;
  email: string;
  accountId: string;
}

/**
 * Checks an email and password from `ip`. Limits are counted before the password is checked, so a refused attempt
 * costs no argon2 work: first the address's own budget (any account), then the budget of this account from this
 * address. That second budget starts afresh with every successful sign-in (its key names the last one), so it is,
 * in effect, a budget of failed attempts; and the owner signing in from anywhere else is not affected by it.
 * An unknown email is counted and checked (against a dummy hash) exactly like a known one: it answers in the same
 * time and gets throttled the same way, so neither tells which emails have an account.
 */
export async function signInWithPassword(db: DbOrTx, input: { email: string; password: string }, ip: string): Promise<SignedInUser | null> {
  const ipWait = await retryAfter("login", "ip", ip);
  if (ipWait !== null) throw new SignInThrottled(ipWait);
  const email = normalizeEmail(input.email);
  const [user] = await db
    .select({ id: users.id, email: users.email, accountId: users.accountId, passwordHash: users.passwordHash, lastSignInAt: users.lastSignInAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const since = user?.lastSignInAt?.getTime() ?? 0;
  const accountWait = await retryAfter("login", "account", `${emailKey(email)}:${ip}:${since}`);
  if (accountWait !== null) throw new SignInThrottled(accountWait);
  // Checked whether or not there is a user: the dummy hash costs the same as a real one.
  const ok = await verifyPasswordOf(user, input.password);
  if (!ok || !user) return null;
  await db.update(users).set({ lastSignInAt: now() }).where(eq(users.id, user.id));
  return { id: user.id, email: user.email, accountId: user.accountId };
}
