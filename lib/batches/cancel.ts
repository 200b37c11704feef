import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { batches, batchItems } from "@/db/schema";
import type { BatchView } from "@/lib/schemas/batches";
import { findBatch, getBatch } from "./view";

const CANCELLED = "El lote se canceló antes de generar este CUIT. No se cobró.";

/**
 * POST /v1/batches/{id}/cancel: items not yet started become `cancelado` and are never run or charged; items
 * already running finish and are charged as usual. A finished batch is answered as it is.
 */
export async function cancelBatch(db: Db, accountId: string, id: string): Promise<BatchView> {
  const batch = await findBatch(db, accountId, id);
  await db.transaction(async (tx) => {
    const [open] = await tx
      .update(batches)
      .set({ estado: "cancelado", finishedAt: new Date() })
      .where(and(eq(batches.id, batch.id), inArray(batches.estado, ["en_cola", "procesando"])))
      .returning({ id: batches.id });
    if (!open) return;
    await tx
      .update(batchItems)
      .set({ status: "cancelado", error: CANCELLED, updatedAt: new Date() })
      .where(and(eq(batchItems.batchId, batch.id), eq(batchItems.status, "pendiente")));
  });
  return getBatch(db, accountId, id);
}
