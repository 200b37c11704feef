"use server";

import { z } from "zod";
import { changePassword } from "@/lib/accounts/password-change";
import { resendVerification } from "@/lib/accounts/verify-email";
import { DomainError } from "@/lib/errors";
import { done, type ActionState } from "@/lib/web/action-state";
import { textField, webAction } from "@/lib/web/action";

export type PasswordChangeState = ActionState & { field?: string; email?: string };

const passwordForm = z
  .object({ current: textField, password: textField, confirm: textField })
  .refine((f) => f.password === f.confirm, { error: "Las dos contraseñas nuevas no coinciden.", path: ["confirm"] });

/** Changes the signed-in user's password; every session ends, and the form signs back in with the new one. */
export const changePasswordAction = webAction(
  { access: "session", form: passwordForm },
  async ({ input, db, caller, request }): Promise<PasswordChangeState> => {
    if (!caller.userId) throw new DomainError("unauthenticated");
    const { email } = await changePassword(db, caller.userId, { current: input.current, password: input.password }, request.origin);
    return { ...done("Cambiamos tu contraseña y cerramos todas las sesiones abiertas."), email };
  },
);

/** Mails the signed-in user a new verification link. */
export const resendVerificationAction = webAction(
  { access: "session", form: z.object({}) },
  async ({ db, caller, request }): Promise<ActionState> => {
    if (!caller.userId) throw new DomainError("unauthenticated");
    const sent = await resendVerification(db, caller.userId, request.origin);
    return done(sent ? "Te mandamos un email nuevo con el enlace para confirmar." : "Tu email ya está confirmado.");
  },
);
