"use client";

import { signIn } from "next-auth/react";
import { useActionState, useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Field, inputClass } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "@/lib/accounts/password-policy";
import { formText } from "@/lib/form-data";
import { changePasswordAction, type PasswordChangeState } from "./actions";

const INITIAL: PasswordChangeState = { status: "idle", message: null };

/**
 * Current password and a new one. The change ends every session, this one too, so on success the form signs
 * back in with the new password it still holds; if that fails, the login page takes over.
 */
export function PasswordForm() {
  const [state, action] = useActionState(changePasswordAction, INITIAL);
  const typed = useRef("");

  useEffect(() => {
    if (state.status !== "ok" || !state.email) return;
    void signIn("credentials", { email: state.email, password: typed.current, redirect: false }).then((r) => {
      typed.current = "";
      window.location.assign(r?.ok && !r.error ? "/cuenta?contrasena=cambiada" : "/login?next=%2Fcuenta");
    });
  }, [state]);

  const fieldError = (name: string) => (state.status === "error" && state.field === name ? state.message : null);
  return (
    <form action={action} className="max-w-md space-y-4" onSubmit={(e) => (typed.current = formText(new FormData(e.currentTarget), "password"))}>
      <Field label="Contraseña actual" error={fieldError("current")}>
        <input name="current" type="password" required autoComplete="current-password" className={inputClass} />
      </Field>
      <Field label="Contraseña nueva" hint={PASSWORD_HINT} error={fieldError("password")}>
        <input name="password" type="password" required minLength={MIN_PASSWORD_LENGTH} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field label="Repetí la contraseña nueva" error={fieldError("confirm")}>
        <input name="confirm" type="password" required autoComplete="new-password" className={inputClass} />
      </Field>
      {state.status === "error" && !state.field && state.message && (
        <Alert tone="danger" live="alert">
          {state.message}
        </Alert>
      )}
      {state.status === "ok" && (
        <Alert tone="success" live="status">
          {state.message} Entrando de nuevo…
        </Alert>
      )}
      <SubmitButton pendingText="Cambiando…">Cambiar contraseña</SubmitButton>
    </form>
  );
}
