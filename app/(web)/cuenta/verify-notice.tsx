"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { IDLE } from "@/lib/web/action-state";
import { resendVerificationAction } from "./actions";

/** Shown while the address is not confirmed: why the allotment is not there yet, and a way to get the link again. */
export function VerifyNotice({ email }: { email: string }) {
  const [state, action] = useActionState(resendVerificationAction, IDLE);
  return (
    <Alert tone="warning" title="Confirmá tu email para usar el cupo de tu plan" className="mb-6">
      <p>
        Te mandamos un enlace a <strong>{email}</strong>. Hasta que lo abras, el cupo mensual de tu plan no está disponible (los packs
        comprados sí).
      </p>
      <form action={action} className="mt-3 flex flex-wrap items-center gap-3">
        <SubmitButton variant="secondary" size="sm" pendingText="Enviando…">
          Reenviar el email
        </SubmitButton>
        {state.message && (
          <span role={state.status === "error" ? "alert" : "status"} className="text-sm">
            {state.message}
          </span>
        )}
      </form>
    </Alert>
  );
}
