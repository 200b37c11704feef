"use server";

import { getDb } from "@/db/client";
import { createAccount, MIN_PASSWORD_LENGTH } from "@/lib/accounts/create";
import { formText } from "@/lib/form-data";
import { ApiError } from "@/lib/http/errors";
import { assertTrustedOrigin, failure } from "@/lib/web/session-action";

export interface SignUpState {
  status: "idle" | "ok" | "error";
  message: string | null;
  /** Errors shown under their field. */
  fields: { email?: string; password?: string };
  /** What the person typed, so a refused form keeps it. */
  values: { name: string; email: string };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Creates a free account; the form then signs the new user in with the password it still holds. */
export async function signUp(_prev: SignUpState, form: FormData): Promise<SignUpState> {
  const values = { name: formText(form, "name").trim(), email: formText(form, "email").trim() };
  const password = formText(form, "password");
  const fields: SignUpState["fields"] = {};
  if (!EMAIL.test(values.email)) fields.email = "Escribí un email válido, por ejemplo nombre@empresa.com.";
  if (password.length < MIN_PASSWORD_LENGTH) fields.password = `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`;
  if (fields.email || fields.password) return { status: "error", message: null, fields, values };
  try {
    await assertTrustedOrigin();
    await createAccount(await getDb(), { email: values.email, password, plan: "free", name: values.name || undefined }, { email: values.email });
    return { status: "ok", message: null, fields: {}, values };
  } catch (e) {
    if (e instanceof ApiError && e.code === "email_registrado") {
      return { status: "error", message: null, fields: { email: "Ya hay una cuenta con ese email. Ingresá con tu contraseña." }, values };
    }
    return { ...failure(e), fields: {}, values };
  }
}
