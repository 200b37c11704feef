import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import type { DeliveryView } from "@/lib/schemas/monitoring";
import { findWebhook } from "./list";

/** GET /v1/webhooks/{id}/deliveries: the endpoint's deliveries, newest first, with their state and attempts. */
export async function listDeliveries(
  db: DbOrTx,
  accountId: string,
  id: string,
  page: { limit: number; offset: number },
): Promise<{ items: DeliveryView[]; has_more: boolean }> {
  await findWebhook(db, accountId, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.accountId, accountId)))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(page.limit + 1)
    .offset(page.offset);
  return {
    items: rows.slice(0, page.limit).map((d) => ({
      id: d.id,
      evento_id: d.eventId,
      tipo: d.tipo,
      estado: d.estado,
      intentos: d.intentos,
      ultimo_status: d.lastStatus,
      ultimo_error: d.lastError,
      proximo_intento: d.estado === "pendiente" ? d.nextAttemptAt.toISOString() : null,
      entregado_en: d.deliveredAt?.toISOString() ?? null,
      creado_en: d.createdAt.toISOString(),
    })),
    has_more: rows.length > page.limit,
  };
}
