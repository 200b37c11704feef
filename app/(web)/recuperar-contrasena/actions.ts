"use server";

import { getDb } from "@/db/client";
import { requestPasswordReset, resetPassword } from "@/lib/accounts/password-reset";
import { formRequest } from "@/lib/auth/form-request";
import { formText } from "@/lib/form-data";
import { ApiError } from "@/lib/http/errors";
import { done, type ActionState } from "@/lib/web/action-state";
import { assertTrustedOrigin, failure } from "@/lib/web/session-action";

export type ResetFormState = ActionState & { field?: string; email?: string };

/** A field error of the service goes under its field; anything else above the button. */
function formFailure(e: unknown): ResetFormState {
  if (e instanceof ApiError && typeof e.extra.field === "string") return { status: "error", message: e.message, field: e.extra.field };
  return failure(e);
}

/** Mails a reset link when the address has an account; says the same either way. */
export async function requestResetAction(_prev: ResetFormState, form: FormData): Promise<ResetFormState> {
  const email = formText(form, "email").trim();
  try {
    await assertTrustedOrigin();
    await requestPasswordReset(await getDb(), email, await formRequest());
    return { ...done(`Si hay una cuenta con ${email}, te enviamos un email con un enlace para elegir una contraseña nueva. Vence en una hora.`), email };
  } catch (e) {
    return { ...formFailure(e), email };
  }
}

/** Sets the new password of a reset link; every session of the account ends. */
export async function resetPasswordAction(_prev: ResetFormState, form: FormData): Promise<ResetFormState> {
  try {
    await assertTrustedOrigin();
    const password = formText(form, "password");
    if (password !== formText(form, "confirm")) return { status: "error", message: "Las dos contraseñas no coinciden.", field: "confirm" };
    const { email } = await resetPassword(await getDb(), formText(form, "token"), password);
    return { ...done("Listo: tu contraseña cambió y cerramos todas las sesiones abiertas de tu cuenta."), email };
  } catch (e) {
    return formFailure(e);
  }
}
