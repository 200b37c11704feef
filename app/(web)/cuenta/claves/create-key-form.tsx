"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, inputClass } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { createKeyAction, type CreateKeyState } from "./actions";

const INITIAL: CreateKeyState = { status: "idle", message: null };

/** Name a key, create it, and see it in full exactly once. */
export function CreateKeyForm({ atLimit, limit }: { atLimit: boolean; limit: number }) {
  const [state, action] = useActionState(createKeyAction, INITIAL);
  const [shown, setShown] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.status === "ok" && state.key) {
      setShown(state.key);
      panel.current?.focus();
    }
  }, [state]);

  return (
    <div className="space-y-4">
      {shown && (
        <div ref={panel} tabIndex={-1} className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4 sm:p-5" role="region" aria-label="Tu nueva clave de API">
          <p className="font-semibold text-amber-950">Copiá tu clave «{state.name}» ahora</p>
          <p className="mt-1 text-sm text-amber-950">Por seguridad no la guardamos: no la vas a poder ver de nuevo. Si la perdés, revocala y creá otra.</p>
          <code data-testid="new-api-key" className="mt-3 block overflow-x-auto rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-amber-300 select-all">
            {shown}
          </code>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <CopyButton value={shown} label="Copiar clave" />
            <button type="button" className={buttonClass("ghost", "sm")} onClick={() => setShown(null)}>
              Ya la guardé
            </button>
          </div>
        </div>
      )}
      {atLimit ? (
        <Alert tone="warning" title={`Llegaste al máximo de ${limit} claves activas`}>
          Revocá una clave que ya no uses para poder crear otra.
        </Alert>
      ) : (
        <form action={action} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="Nombre de la clave" hint="Para reconocerla después, por ejemplo «ERP producción»." className="flex-1">
            <input
              name="name"
              type="text"
              maxLength={80}
              required
              placeholder="ERP producción"
              defaultValue={state.status === "error" ? state.name : undefined}
              className={inputClass}
            />
          </Field>
          <SubmitButton pendingText="Creando…" className="sm:mb-7">
            Crear clave
          </SubmitButton>
        </form>
      )}
      {state.status === "error" && state.message && (
        <Alert tone="danger" live="alert">
          {state.message}
        </Alert>
      )}
    </div>
  );
}
