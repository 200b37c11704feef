import { and, eq } from "drizzle-orm";
import { withTransaction, type DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { recordAudit, userActor } from "@/lib/audit/record";
import { passwordBinding, readLink, type LinkCheck } from "@/lib/auth/email-link";
import { hashPassword } from "@/lib/auth/passwords";
import { revokeSessions } from "@/lib/auth/revoke";
import { throttle } from "@/lib/auth/throttle";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { passwordResetMail } from "@/lib/mail/messages";
import { releaseAllotment } from "./allotment-hold";
import { resetLink, sendAccountMail } from "./auth-mail";
import { emailSchema } from "./create";
import { fieldError } from "./password-change";
import { passwordProblems } from "./password-policy";

export const RESET_INVALID = "El enlace no es válido o ya se usó. Pedí uno nuevo.";
export const RESET_EXPIRED = "El enlace venció: dura una hora. Pedí uno nuevo.";

/**
 * Mails a reset link to the address when it has an account; answers the same, as fast, when it has none (the mail
 * goes out in the background). Counted per client address (policy `passwordReset`) and per recipient.
 */
export async function requestPasswordReset(db: DbOrTx, email: string, request: { ip: string; origin: string }): Promise<void> {
  await throttle("passwordReset", "ip", request.ip);
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw fieldError("email", parsed.error.issues[0].message);
  const [user] = await db.select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.email, parsed.data));
  if (user) await sendAccountMail("reset", passwordResetMail(user.email, resetLink(request.origin, user)));
}

/** Whether a reset link can still be used, for the page to say so before the person types a new password. */
export async function checkResetLink(db: DbOrTx, token: string): Promise<LinkCheck["status"]> {
  const link = readLink("reset", token, now().getTime());
  if (link.status !== "ok") return link.status;
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, link.payload.u));
  return user && passwordBinding(user.passwordHash) === link.payload.b ? "ok" : "invalid";
}

/**
 * Sets a new password from a reset link. The link is bound to the password it replaces and the update only
 * applies while that password is still in place, so a link works once, even when submitted twice at the same
 * time. Every session of the user ends. Opening a link sent to the address also proves it, so an unverified
 * account becomes verified (and gets its allotment).
 */
export async function resetPassword(db: DbOrTx, token: string, password: string): Promise<{ email: string }> {
  const link = readLink("reset", token, now().getTime());
  if (link.status === "expired") throw new DomainError("enlace_vencido", { text: RESET_EXPIRED });
  if (link.status === "invalid") throw new DomainError("enlace_invalido", { text: RESET_INVALID });
  const [user] = await db.select().from(users).where(eq(users.id, link.payload.u));
  if (!user || passwordBinding(user.passwordHash) !== link.payload.b) throw new DomainError("enlace_invalido", { text: RESET_INVALID });
  const [problem] = passwordProblems(password, user.email);
  if (problem) throw fieldError("password", problem);
  const passwordHash = await hashPassword(password);
  return withTransaction(db, async (tx) => {
    const at = now();
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? at })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (!updated) throw new DomainError("enlace_invalido", { text: RESET_INVALID });
    await revokeSessions(tx, user.id, at);
    const granted = user.emailVerifiedAt ? 0 : await releaseAllotment(tx, user.accountId, at);
    await recordAudit(tx, userActor(user), "user.password_reset", user.accountId, { granted });
    return { email: user.email };
  });
}
