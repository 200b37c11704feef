"use server";

import { z } from "zod";
import { signUp, signUpSchema } from "@/lib/accounts/sign-up";
import { formText } from "@/lib/form-data";
import { fieldMessages, textField, webAction } from "@/lib/web/action";

export interface SignUpState {
  status: "idle" | "ok" | "error";
  message: string | null;
  /** Errors shown under their field. */
  fields: { name?: string; email?: string; password?: string };
  /** What the person typed, so a refused form keeps it. */
  values: { name: string; email: string };
}

const typed = (form: FormData) => ({ name: formText(form, "name").trim(), email: formText(form, "email").trim() });

/**
 * Asks for a Free account. The answer is the same whether the email is new or already has an account (see
 * lib/accounts/sign-up.ts): the person is told to open the link mailed to the address.
 */
export const signUpAction = webAction(
  {
    access: "public",
    form: z.object({ name: textField, email: textField, password: textField }),
    render: (state, form): SignUpState => ({ status: "error", message: state.message, fields: {}, values: typed(form) }),
  },
  async ({ input, db, request }): Promise<SignUpState> => {
    const values = { name: input.name.trim(), email: input.email.trim() };
    const fields = { name: values.name || undefined, email: values.email, password: input.password };
    // Every field's problem at once, each under its field.
    const parsed = signUpSchema.safeParse(fields);
    if (!parsed.success) {
      return { status: "error", message: null, fields: fieldMessages(parsed.error.issues, ["name", "email", "password"] as const), values };
    }
    const { email } = await signUp(db, fields, request);
    return { status: "ok", message: null, fields: {}, values: { ...values, email } };
  },
);
