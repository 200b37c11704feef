"use server";

import { z } from "zod";
import { requestPasswordReset, resetPassword } from "@/lib/accounts/password-reset";
import { done, type ActionState } from "@/lib/web/action-state";
import { formText } from "@/lib/form-data";
import { textField, webAction } from "@/lib/web/action";

export type ResetFormState = ActionState & { field?: string; email?: string };

/** Mails a reset link when the address has an account; says the same either way. */
export const requestResetAction = webAction(
  {
    access: "public",
    form: z.object({ email: textField.transform((v) => v.trim()) }),
    render: ({ status, message, field }, form): ResetFormState => ({ status, message, field, email: formText(form, "email").trim() }),
  },
  async ({ input, db, request }): Promise<ResetFormState> => {
    await requestPasswordReset(db, input.email, request);
    return {
      ...done(`Si hay una cuenta con ${input.email}, te enviamos un email con un enlace para elegir una contraseña nueva. Vence en una hora.`),
      email: input.email,
    };
  },
);

/** Sets the new password of a reset link; every session of the account ends. */
export const resetPasswordAction = webAction(
  {
    access: "public",
    form: z
      .object({ token: textField, password: textField, confirm: textField })
      .refine((f) => f.password === f.confirm, { error: "Las dos contraseñas no coinciden.", path: ["confirm"] }),
  },
  async ({ input, db }): Promise<ResetFormState> => {
    const { email } = await resetPassword(db, input.token, input.password);
    return { ...done("Listo: tu contraseña cambió y cerramos todas las sesiones abiertas de tu cuenta."), email };
  },
);
