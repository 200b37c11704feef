import { and, asc, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { batchItems, type BatchItem } from "@/db/schema";
import type { BatchItemsPage, BatchItemView } from "@/lib/schemas/batches";
import { findBatch } from "./view";

export const itemView = (i: BatchItem): BatchItemView => ({
  posicion: i.posicion,
  entrada: i.entrada,
  cuit: i.cuit,
  informe_id: i.informeId,
  status: i.status,
  tipo_accion: i.tipoAccion,
  costo_unidades: i.costoUnidades,
  duplicado_de: i.duplicadoDe,
  error: i.error,
});

/** GET /v1/batches/{id}/items: the items in list order, `offset` of them skipped. */
export async function listBatchItems(db: DbOrTx, accountId: string, id: string, page: { limit: number; offset: number }): Promise<BatchItemsPage> {
  const batch = await findBatch(db, accountId, id);
  const rows = await db
    .select()
    .from(batchItems)
    .where(and(eq(batchItems.batchId, batch.id), gt(batchItems.posicion, page.offset)))
    .orderBy(asc(batchItems.posicion))
    .limit(page.limit + 1);
  return { items: rows.slice(0, page.limit).map(itemView), has_more: rows.length > page.limit };
}
