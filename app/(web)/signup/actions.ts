"use server";

import { getDb } from "@/db/client";
import { createAccount } from "@/lib/accounts/create";
import { formText } from "@/lib/form-data";
import { ApiError } from "@/lib/http/errors";

export type SignUpState = { error: string | null; email?: string };

/** Creates a free account; the form then signs the new user in. */
export async function signUp(_prev: SignUpState, form: FormData): Promise<SignUpState> {
  const email = formText(form, "email");
  const password = formText(form, "password");
  try {
    await createAccount(await getDb(), { email, password, plan: "free", name: formText(form, "name") || undefined }, { email });
    return { error: null, email };
  } catch (e) {
    if (e instanceof ApiError) return { error: e.message };
    throw e;
  }
}
