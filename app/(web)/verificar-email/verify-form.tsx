"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { IDLE } from "@/lib/web/action-state";
import { verifyEmailAction } from "./actions";

/**
 * A button rather than a confirmation on page load: mail scanners open links on their own, and a page that
 * changed the account when merely fetched would be confirmed by them.
 */
export function VerifyForm({ token, signedIn }: { token: string; signedIn: boolean }) {
  const [state, action] = useActionState(verifyEmailAction, IDLE);
  if (state.status === "ok") {
    return (
      <div className="space-y-4">
        <Alert tone="success" live="status">
          {state.message}
        </Alert>
        {signedIn ? (
          <Link href="/cuenta" className={buttonClass("primary", "md", "w-full")}>
            Ir a mi cuenta
          </Link>
        ) : (
          <Link href={`/login?next=${encodeURIComponent("/cuenta?bienvenida=1")}`} className={buttonClass("primary", "md", "w-full")}>
            Ingresar a mi cuenta
          </Link>
        )}
      </div>
    );
  }
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      {state.status === "error" && state.message && (
        <Alert tone="danger" live="alert">
          {state.message}
        </Alert>
      )}
      <SubmitButton pendingText="Confirmando…" className="w-full">
        Confirmar mi email
      </SubmitButton>
    </form>
  );
}
