"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useActionState, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Field, inputClass } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { formText } from "@/lib/form-data";
import { signUp, type SignUpState } from "./actions";

const INITIAL: SignUpState = { status: "idle", message: null, fields: {}, values: { name: "", email: "" } };

export function SignUpForm() {
  const [state, action] = useActionState<SignUpState, FormData>(signUp, INITIAL);
  const password = useRef("");
  const [signInError, setSignInError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);

  useEffect(() => {
    if (state.status !== "ok") return;
    setSigningIn(true);
    void signIn("credentials", { email: state.values.email, password: password.current, redirect: false }).then((r) => {
      if (r?.ok && !r.error) window.location.assign("/cuenta?bienvenida=1");
      else {
        setSigningIn(false);
        setSignInError("La cuenta se creó, pero no pudimos iniciar sesión. Ingresá desde la página de ingreso.");
      }
    });
  }, [state]);

  const error = state.message ?? signInError;
  return (
    <form action={action} className="space-y-4" onSubmit={(e) => (password.current = formText(new FormData(e.currentTarget), "password"))}>
      <Field label="Nombre o empresa (opcional)">
        <input name="name" type="text" autoComplete="organization" maxLength={120} defaultValue={state.values.name} className={inputClass} />
      </Field>
      <Field label="Email" error={state.fields.email}>
        <input name="email" type="email" required autoComplete="email" defaultValue={state.values.email} className={inputClass} />
      </Field>
      <Field label="Contraseña" hint="Al menos 8 caracteres." error={state.fields.password}>
        <input name="password" type="password" required minLength={8} autoComplete="new-password" className={inputClass} />
      </Field>
      {error && (
        <Alert tone="danger" live="alert">
          {error}
          {signInError && (
            <>
              {" "}
              <Link href="/login" className="font-medium underline">
                Ir a ingresar
              </Link>
            </>
          )}
        </Alert>
      )}
      {signingIn && (
        <Alert tone="success" live="status">
          Cuenta creada. Entrando…
        </Alert>
      )}
      <SubmitButton pendingText="Creando cuenta…" className="w-full">
        Crear cuenta gratis
      </SubmitButton>
    </form>
  );
}
