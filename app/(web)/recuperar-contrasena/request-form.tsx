"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Field, inputClass } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { requestResetAction, type ResetFormState } from "./actions";

const INITIAL: ResetFormState = { status: "idle", message: null };

export function RequestResetForm() {
  const [state, action] = useActionState(requestResetAction, INITIAL);
  if (state.status === "ok") {
    return (
      <Alert tone="success" live="status" title="Revisá tu email">
        {state.message}
      </Alert>
    );
  }
  return (
    <form action={action} className="space-y-4">
      <Field label="Email" error={state.field === "email" ? state.message : null}>
        <input name="email" type="email" required autoComplete="email" defaultValue={state.email} className={inputClass} />
      </Field>
      {state.status === "error" && state.field !== "email" && state.message && (
        <Alert tone="danger" live="alert">
          {state.message}
        </Alert>
      )}
      <SubmitButton pendingText="Enviando…" className="w-full">
        Enviarme el enlace
      </SubmitButton>
    </form>
  );
}
