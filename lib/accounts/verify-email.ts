import { eq } from "drizzle-orm";
import { withTransaction, type DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { recordAudit, userActor } from "@/lib/audit/record";
import { readLink } from "@/lib/auth/email-link";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { releaseAllotment } from "./allotment-hold";
import { sendVerificationMail } from "./auth-mail";

export const LINK_EXPIRED = "El enlace venció. Ingresá a tu cuenta y pedí otro desde «Mi cuenta».";
export const LINK_INVALID = "El enlace no es válido. Abrilo completo desde el último email que te mandamos, o pedí otro.";

/**
 * Confirms the address a verification link was sent to, and grants the account its held allotment (through the
 * ledger), in one transaction. Opening the link again is harmless: the second time says it was already done.
 */
export async function verifyEmail(db: DbOrTx, token: string): Promise<{ email: string; alreadyVerified: boolean; granted: number }> {
  const at = now();
  const link = readLink("verify", token, at.getTime());
  if (link.status === "expired") throw new DomainError("enlace_vencido", { text: LINK_EXPIRED });
  if (link.status === "invalid") throw new DomainError("enlace_invalido", { text: LINK_INVALID });
  const { payload } = link;
  return withTransaction(db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, payload.u)).for("update");
    if (!user || user.email !== payload.b) throw new DomainError("enlace_invalido", { text: LINK_INVALID });
    if (user.emailVerifiedAt) return { email: user.email, alreadyVerified: true, granted: 0 };
    await tx.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, user.id));
    const granted = await releaseAllotment(tx, user.accountId, at);
    await recordAudit(tx, userActor(user), "user.verify_email", user.accountId, { granted });
    return { email: user.email, alreadyVerified: false, granted };
  });
}

/** Mails a new verification link to a signed-in user who has not verified yet; false when there is nothing to do. */
export async function resendVerification(db: DbOrTx, userId: string, origin: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!user || user.verifiedAt) return false;
  await sendVerificationMail(origin, user);
  return true;
}

/** Whether the user proved their address (accounts made by the operator CLI, and older ones, count as proved). */
export async function isEmailVerified(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return !!user?.verifiedAt;
}
