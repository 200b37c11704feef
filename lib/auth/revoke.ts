import { eq, sql } from "drizzle-orm";
import { type DbOrTx, perDatabase } from "@/db/client";
import { users } from "@/db/schema";
import { now } from "@/lib/clock";

/**
 * Voids every session the user has signed in so far, on every instance: sessions are stateless JWTs, so each
 * request compares the token's sign-in time with this instant (`sessionUser`). Sign-out, a password change and
 * a reset call it.
 */
export async function revokeSessions(db: DbOrTx, userId: string, at: Date = now()): Promise<void> {
  await db.update(users).set({ sessionsValidAfter: at }).where(eq(users.id, userId));
}

/** Thrown by next-auth's jwt callback for a void session: next-auth then answers "no session" and clears the cookie. */
export class SessionRevoked extends Error {
  override name = "SessionRevoked";
  constructor() {
    super("session revoked");
  }
}

/** A session signed in at `signedInAtMs` still counts unless its user revoked sessions since (the same millisecond included). */
export const isSessionCurrent = (signedInAtMs: number, validAfter: Date | null): boolean => !validAfter || signedInAtMs > validAfter.getTime();

function userLookup(db: DbOrTx) {
  return db
    .select({ accountId: users.accountId, sessionsValidAfter: users.sessionsValidAfter })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("session_user");
}
/** Built once per database: one named prepared statement per session request, like the key lookup. */
const userLookups = perDatabase(userLookup);

/**
 * Whether a decoded session still stands: its user exists, still belongs to the account the token names, and has
 * not revoked sessions since it signed in.
 */
export async function isSessionValid(db: DbOrTx, session: { userId: string; accountId: string; signedInAtMs: number }): Promise<boolean> {
  const lookup = userLookups(db);
  const [row] = await lookup.execute({ userId: session.userId });
  return !!row && row.accountId === session.accountId && isSessionCurrent(session.signedInAtMs, row.sessionsValidAfter);
}
