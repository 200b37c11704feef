"use server";

import { getDb } from "@/db/client";
import { signUp, signUpSchema } from "@/lib/accounts/sign-up";
import { fieldMessages, formRequest } from "@/lib/auth/form-request";
import { formText } from "@/lib/form-data";
import { assertTrustedOrigin, failure } from "@/lib/web/session-action";

export interface SignUpState {
  status: "idle" | "ok" | "error";
  message: string | null;
  /** Errors shown under their field. */
  fields: { name?: string; email?: string; password?: string };
  /** What the person typed, so a refused form keeps it. */
  values: { name: string; email: string };
}

/**
 * Asks for a Free account. The answer is the same whether the email is new or already has an account (see
 * lib/accounts/sign-up.ts): the person is told to open the link mailed to the address.
 */
export async function signUpAction(_prev: SignUpState, form: FormData): Promise<SignUpState> {
  const values = { name: formText(form, "name").trim(), email: formText(form, "email").trim() };
  const input = { name: values.name || undefined, email: values.email, password: formText(form, "password") };
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) {
    return { status: "error", message: null, fields: fieldMessages(parsed.error.issues, ["name", "email", "password"] as const), values };
  }
  try {
    await assertTrustedOrigin();
    const { email } = await signUp(await getDb(), input, await formRequest());
    return { status: "ok", message: null, fields: {}, values: { ...values, email } };
  } catch (e) {
    return { ...failure(e), fields: {}, values };
  }
}
