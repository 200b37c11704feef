"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "@/lib/accounts/password-policy";
import { resetPasswordAction, type ResetFormState } from "../actions";

const INITIAL: ResetFormState = { status: "idle", message: null };

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action] = useActionState(resetPasswordAction, INITIAL);
  if (state.status === "ok") {
    return (
      <div className="space-y-4">
        <Alert tone="success" live="status">
          {state.message}
        </Alert>
        <Link href="/login" className={buttonClass("primary", "md", "w-full")}>
          Ingresar con la contraseña nueva
        </Link>
      </div>
    );
  }
  const fieldError = (name: string) => (state.status === "error" && state.field === name ? state.message : null);
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <Field label="Contraseña nueva" hint={PASSWORD_HINT} error={fieldError("password")}>
        <input name="password" type="password" required minLength={MIN_PASSWORD_LENGTH} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field label="Repetí la contraseña nueva" error={fieldError("confirm")}>
        <input name="confirm" type="password" required autoComplete="new-password" className={inputClass} />
      </Field>
      {state.status === "error" && !state.field && state.message && (
        <Alert tone="danger" live="alert">
          {state.message}{" "}
          <Link href="/recuperar-contrasena" className="font-medium underline">
            Pedir otro enlace
          </Link>
        </Alert>
      )}
      <SubmitButton pendingText="Guardando…" className="w-full">
        Guardar la contraseña nueva
      </SubmitButton>
    </form>
  );
}
