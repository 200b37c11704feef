import { eq } from "drizzle-orm";
import { withTransaction, type DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { recordAudit, userActor } from "@/lib/audit/record";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { revokeSessions } from "@/lib/auth/revoke";
import { throttle } from "@/lib/auth/throttle";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { passwordChangedMail } from "@/lib/mail/messages";
import { RESET_REQUEST_PATH, sendAccountMail } from "./auth-mail";
import { passwordProblems } from "./password-policy";

/** Which form field an error of a password form belongs to (DomainError `extra.field`). */
export type PasswordField = "current" | "password" | "email";

export const fieldError = (field: PasswordField, text: string) => new DomainError("parametro_invalido", { text, extra: { field } });

/**
 * Changes a signed-in user's password: the current one must be right (a guess, so it is rate limited like a
 * sign-in), the new one must pass the policy. Every session of the user ends, this one included (the form signs
 * back in with the new password), and the address gets a notice with a way to take the account back.
 */
export async function changePassword(
  db: DbOrTx,
  userId: string,
  input: { current: string; password: string },
  origin: string,
): Promise<{ email: string }> {
  await throttle("passwordChange", "account", userId);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError("unauthenticated", { text: "Tu sesión terminó. Ingresá de nuevo para continuar." });
  if (!(await verifyPassword(user.passwordHash, input.current))) throw fieldError("current", "La contraseña actual no es correcta.");
  const [problem] = passwordProblems(input.password, user.email);
  if (problem) throw fieldError("password", problem);
  if (input.password === input.current) throw fieldError("password", "La contraseña nueva tiene que ser distinta de la actual.");
  const passwordHash = await hashPassword(input.password);
  await withTransaction(db, async (tx) => {
    const at = now();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeSessions(tx, user.id, at);
    await recordAudit(tx, userActor(user), "user.password_change", user.accountId);
  });
  await sendAccountMail("changed", passwordChangedMail(user.email, `${origin}${RESET_REQUEST_PATH}`));
  return { email: user.email };
}
