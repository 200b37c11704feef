"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { SubmitButton } from "@/components/ui/submit-button";
import type { BatchView } from "@/lib/schemas/batches";
import { IDLE } from "@/lib/web/action-state";
import { formatInt, plural } from "@/components/format";
import { cancelBatchAction } from "../actions";
import { BATCH_ESTADO } from "../labels";

const running = (b: BatchView) => b.estado === "en_cola" || b.estado === "procesando" || (b.estado === "cancelado" && b.procesados + b.cancelados < b.total);

/**
 * The live progress of a batch: polls GET /v1/batches/{id} with the session while it runs, then refreshes the
 * page so that the results table shows every item.
 */
export function BatchProgress({ initial }: { initial: BatchView }) {
  const router = useRouter();
  const [batch, setBatch] = useState(initial);
  const [cancelState, cancel] = useActionState(cancelBatchAction, IDLE);
  const active = running(batch);

  useEffect(() => {
    if (!active) return;
    const poll = async () => {
      const res = await fetch(`/v1/batches/${initial.lote_id}`, { cache: "no-store" }).catch(() => null);
      if (!res?.ok) return;
      const next = (await res.json()) as BatchView;
      setBatch(next);
      if (!running(next)) router.refresh();
    };
    const timer = setInterval(() => void poll(), 1_000);
    return () => clearInterval(timer);
  }, [active, initial.lote_id, router]);

  const finished = batch.procesados + batch.cancelados;
  const percent = batch.total === 0 ? 100 : Math.round((finished / batch.total) * 100);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={BATCH_ESTADO[batch.estado].tone}>{BATCH_ESTADO[batch.estado].label}</Badge>
        <p className="text-sm text-slate-700" aria-live="polite">
          {formatInt(batch.procesados)} de {formatInt(batch.total)} procesados · {formatInt(batch.resueltos)} resueltos ·{" "}
          {plural(batch.costo_unidades, "unidad", "unidades")}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Avance del lote"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      {active && batch.estado !== "cancelado" && (
        <form action={cancel}>
          <input type="hidden" name="id" value={batch.lote_id} />
          <SubmitButton variant="secondary" size="sm" pendingText="Cancelando…">
            Cancelar los que faltan
          </SubmitButton>
        </form>
      )}
      {cancelState.message && (
        <Alert tone={cancelState.status === "error" ? "danger" : "info"} live="status">
          {cancelState.message}
        </Alert>
      )}
    </div>
  );
}
