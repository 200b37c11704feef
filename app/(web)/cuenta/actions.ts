"use server";

import { getDb } from "@/db/client";
import { changePassword } from "@/lib/accounts/password-change";
import { resendVerification } from "@/lib/accounts/verify-email";
import { formRequest } from "@/lib/auth/form-request";
import { formText } from "@/lib/form-data";
import { ApiError } from "@/lib/http/errors";
import { done, type ActionState } from "@/lib/web/action-state";
import { failure, sessionActionCaller } from "@/lib/web/session-action";

export type PasswordChangeState = ActionState & { field?: string; email?: string };

/** Changes the signed-in user's password; every session ends, and the form signs back in with the new one. */
export async function changePasswordAction(_prev: PasswordChangeState, form: FormData): Promise<PasswordChangeState> {
  try {
    const caller = await sessionActionCaller();
    if (!caller.userId) throw new ApiError(401, "unauthenticated");
    const password = formText(form, "password");
    if (password !== formText(form, "confirm")) return { status: "error", message: "Las dos contraseñas nuevas no coinciden.", field: "confirm" };
    const { origin } = await formRequest();
    const { email } = await changePassword(await getDb(), caller.userId, { current: formText(form, "current"), password }, origin);
    return { ...done("Cambiamos tu contraseña y cerramos todas las sesiones abiertas."), email };
  } catch (e) {
    if (e instanceof ApiError && typeof e.extra.field === "string") return { status: "error", message: e.message, field: e.extra.field };
    return failure(e);
  }
}

/** Mails the signed-in user a new verification link. */
export async function resendVerificationAction(_prev: ActionState): Promise<ActionState> {
  try {
    const caller = await sessionActionCaller();
    if (!caller.userId) throw new ApiError(401, "unauthenticated");
    const { origin } = await formRequest();
    const sent = await resendVerification(await getDb(), caller.userId, origin);
    return done(sent ? "Te mandamos un email nuevo con el enlace para confirmar." : "Tu email ya está confirmado.");
  } catch (e) {
    return failure(e);
  }
}
