"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { formatArs } from "@/components/format";
import type { GenerateState } from "@/lib/web/reports";
import { generateReportAction } from "../actions";

const INITIAL: GenerateState = { status: "idle", message: null };

/**
 * The API's shortfall sentence ends by sending the reader to "tu cuenta en la web"; here they are on it, and the
 * link to the packs follows. (The proper home for a web wording is lib/reports/messages.ts, used by the action.)
 */
const onTheWeb = (message: string): string => message.replace(/\s*Podés comprar un pack de informes desde tu cuenta en la web\.?/, "");

/**
 * The confirmation of a quote. `idempotencyKey` was generated when the page was rendered: every submission of this
 * form, double clicks included, is the same operation and is charged at most once.
 */
export function ConfirmReportForm({ cuit, idempotencyKey, label }: { cuit: string; idempotencyKey: string; label: string }) {
  const [state, action] = useActionState(generateReportAction, INITIAL);
  return (
    <form action={action} className="space-y-3">
      <input type="hidden" name="cuit" value={cuit} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Generando el informe…">{label}</SubmitButton>
        <p className="text-sm text-slate-600">Tarda unos segundos (hasta un minuto). No hace falta que vuelvas a hacer clic.</p>
      </div>
      {state.status === "error" && state.message && (
        <Alert tone="danger" live="alert" title="No se generó el informe">
          <p>{onTheWeb(state.message)}</p>
          {state.packs && state.packs.length > 0 && (
            <>
              <ul className="mt-2 list-disc pl-5">
                {state.packs.map((p) => (
                  <li key={p.displayLabel}>
                    Pack de {p.displayLabel}: {formatArs(p.priceArs)}
                  </li>
                ))}
              </ul>
              <Link href="/cuenta/saldo#packs" className="mt-2 inline-block font-medium underline">
                Comprar un pack
              </Link>
            </>
          )}
        </Alert>
      )}
    </form>
  );
}
