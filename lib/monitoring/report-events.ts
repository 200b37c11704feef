import type { DbOrTx } from "@/db/client";
import type { ReportStatus, TipoAccion } from "@/db/schema";
import { recordEvents, recordWithBalanceDrop, type Written } from "./record-events";

export interface GeneratedReport {
  accountId: string;
  informeId: string;
  cuit: string;
  status: ReportStatus;
  tipoAccion: TipoAccion | null;
  costoUnidades: number;
}

/**
 * In the generation's transaction, after its debit: `informe.generado`, and `saldo.bajo` when the debit took the
 * balance below the account's threshold, in one statement. The caller wakes the delivery worker once it committed
 * (wakeDeliveries).
 */
export function recordReportEvents(db: DbOrTx, r: GeneratedReport): Promise<Written> {
  return recordWithBalanceDrop(
    db,
    {
      accountId: r.accountId,
      tipo: "informe.generado",
      cuit: r.cuit,
      datos: { informe_id: r.informeId, status: r.status, tipo_accion: r.tipoAccion, costo_unidades: r.costoUnidades },
    },
    r.costoUnidades,
  );
}

/** When a batch completes, in the transaction that marks it so: `lote.completado`. */
export async function recordBatchCompleted(db: DbOrTx, batch: { accountId: string; id: string; total: number }): Promise<void> {
  await recordEvents(db, [{ accountId: batch.accountId, tipo: "lote.completado", datos: { lote_id: batch.id, total: batch.total } }]);
}
