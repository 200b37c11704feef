"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Field, inputClass } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "@/lib/accounts/password-policy";
import { signUpAction, type SignUpState } from "./actions";

const INITIAL: SignUpState = { status: "idle", message: null, fields: {}, values: { name: "", email: "" } };

export function SignUpForm() {
  const [state, action] = useActionState<SignUpState, FormData>(signUpAction, INITIAL);

  if (state.status === "ok") {
    return (
      <div className="space-y-4">
        <Alert tone="success" live="status" title="Revisá tu email">
          Te enviamos un email a <strong>{state.values.email}</strong> con un enlace para confirmar la cuenta. Al abrirlo se activa el
          cupo del plan Free. Si no lo ves en unos minutos, revisá la carpeta de spam.
        </Alert>
        <p className="text-sm text-slate-600">
          ¿Ya confirmaste?{" "}
          <Link href="/login" className="font-medium text-brand-700 underline">
            Ingresá
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form action={action} className="space-y-4">
      <Field label="Nombre o empresa (opcional)" error={state.fields.name}>
        <input name="name" type="text" autoComplete="organization" maxLength={120} defaultValue={state.values.name} className={inputClass} />
      </Field>
      <Field label="Email" error={state.fields.email}>
        <input name="email" type="email" required autoComplete="email" defaultValue={state.values.email} className={inputClass} />
      </Field>
      <Field label="Contraseña" hint={PASSWORD_HINT} error={state.fields.password}>
        <input
          name="password"
          type="password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          autoComplete="new-password"
          className={inputClass}
        />
      </Field>
      {state.message && (
        <Alert tone="danger" live="alert">
          {state.message}
        </Alert>
      )}
      <SubmitButton pendingText="Creando cuenta…" className="w-full">
        Crear cuenta gratis
      </SubmitButton>
    </form>
  );
}
