"use client";

import { signIn } from "next-auth/react";
import { useActionState, useEffect, useRef, useState } from "react";
import { formText } from "@/lib/form-data";
import { signUp, type SignUpState } from "./actions";

export function SignUpForm() {
  const [state, action, pending] = useActionState<SignUpState, FormData>(signUp, { error: null });
  const password = useRef("");
  const [signInError, setSignInError] = useState<string | null>(null);

  useEffect(() => {
    if (state.error || !state.email) return;
    void signIn("credentials", { email: state.email, password: password.current, redirect: false }).then((r) => {
      if (r?.ok) window.location.assign("/cuenta");
      else setSignInError("La cuenta se creó, pero no pudimos iniciar sesión. Probá desde la página de ingreso.");
    });
  }, [state]);

  const error = state.error ?? signInError;
  return (
    <form action={action} className="space-y-4" onSubmit={(e) => (password.current = formText(new FormData(e.currentTarget), "password"))}>
      <label className="block">
        <span className="text-sm font-medium">Email</span>
        <input name="email" type="email" required autoComplete="email" className="mt-1 w-full rounded border border-slate-300 px-3 py-2" />
      </label>
      <label className="block">
        <span className="text-sm font-medium">Contraseña (8 caracteres o más)</span>
        <input name="password" type="password" required minLength={8} autoComplete="new-password" className="mt-1 w-full rounded border border-slate-300 px-3 py-2" />
      </label>
      {error && (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <button disabled={pending} className="w-full rounded bg-slate-900 px-4 py-2 font-medium text-white disabled:opacity-60">
        {pending ? "Creando cuenta…" : "Crear cuenta gratis"}
      </button>
    </form>
  );
}
