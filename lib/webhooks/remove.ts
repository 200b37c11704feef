import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { findWebhook } from "./list";

/**
 * DELETE /v1/webhooks/{id}: the endpoint stops receiving at once; its pending deliveries are cancelled. The row
 * stays (deleted) so its delivery history keeps its endpoint.
 */
export async function deleteWebhook(db: Db, accountId: string, id: string): Promise<{ id: string; eliminado: true }> {
  await findWebhook(db, accountId, id);
  await db.transaction(async (tx) => {
    await tx.update(webhookEndpoints).set({ deletedAt: new Date(), activo: false }).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
    await tx
      .update(webhookDeliveries)
      .set({ estado: "cancelado", lastError: "Webhook eliminado" })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.estado, "pendiente")));
  });
  return { id, eliminado: true };
}
