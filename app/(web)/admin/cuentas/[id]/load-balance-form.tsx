"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { plural, unitsInReports } from "@/components/format";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionState } from "@/lib/web/action-state";

const INITIAL: ActionState = { status: "idle", message: null };

/**
 * "Cargar saldo" in two steps, like an order's confirmation: the admin types the units and a note, then reads
 * what will be credited to whom and confirms. Nothing reaches the server before "Confirmar".
 */
export function LoadBalanceForm({
  action,
  accountId,
  accountLabel,
}: {
  action: (prev: ActionState, form: FormData) => Promise<ActionState>;
  accountId: string;
  /** Who receives the units, as the heading names the account (its e-mail, else its name). */
  accountLabel: string;
}) {
  const [state, formAction] = useActionState(action, INITIAL);
  const [step, setStep] = useState<"edit" | "review">("edit");
  const [units, setUnits] = useState("");
  const [note, setNote] = useState("");
  const review = useRef<HTMLHeadingElement>(null);
  const unitsInput = useRef<HTMLInputElement>(null);
  const [handled, setHandled] = useState<ActionState>(INITIAL);

  // A finished load starts over with an empty form; an error leaves the summary up to try again or go back.
  if (state !== handled) {
    setHandled(state);
    if (state.status === "ok") {
      setStep("edit");
      setUnits("");
      setNote("");
    }
  }

  useEffect(() => {
    if (step === "review") review.current?.focus();
  }, [step]);

  const amount = Number(units);
  return (
    <form
      action={formAction}
      onSubmit={(e) => {
        if (step === "edit") {
          e.preventDefault();
          setStep("review");
        }
      }}
    >
      <input type="hidden" name="accountId" value={accountId} />
      {step === "edit" ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <Field label="Unidades" hint="200 = un informe nuevo." className="flex-1">
            <input
              ref={unitsInput}
              name="units"
              type="number"
              min={1}
              step={1}
              required
              inputMode="numeric"
              value={units}
              onChange={(e) => setUnits(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field label="Nota (opcional)" className="w-full">
            <input name="note" type="text" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass("primary", "md")}>
            Revisar la carga
          </button>
        </div>
      ) : (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="balance-load-review">
          <input type="hidden" name="units" value={units} />
          <input type="hidden" name="note" value={note} />
          <h3 ref={review} tabIndex={-1} className="font-semibold">
            ¿Cargar {plural(amount, "unidad", "unidades")}?
          </h3>
          <p className="mt-1 break-words">
            Se acreditan al saldo comprado de <strong>{accountLabel}</strong>: {unitsInReports(amount)}. Queda un movimiento en el libro de la
            cuenta y una entrada en la auditoría.
          </p>
          {note.trim() && <p className="mt-1 break-words">Nota: {note.trim()}</p>}
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass("secondary", "md")}
              onClick={() => {
                setStep("edit");
                requestAnimationFrame(() => unitsInput.current?.focus());
              }}
            >
              Volver
            </button>
            <SubmitButton pendingText="Cargando…">Confirmar</SubmitButton>
          </div>
        </div>
      )}
      {state.message && (
        <Alert tone={state.status === "error" ? "danger" : "success"} live={state.status === "error" ? "alert" : "status"} className="mt-3">
          {state.message}
        </Alert>
      )}
    </form>
  );
}
