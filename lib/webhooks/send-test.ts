import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/id";
import { enqueue } from "@/lib/jobs/enqueue";
import { readyBoss } from "@/lib/jobs/boss";
import { findWebhook } from "./list";

/**
 * POST /v1/webhooks/{id}/test: queues a `webhook.prueba` message to the endpoint, delivered and retried like any
 * other. Answers its delivery id (the `webhook-id` the receiver will see).
 */
export async function sendTestEvent(db: Db, accountId: string, id: string): Promise<{ entrega_id: string }> {
  const endpoint = await findWebhook(db, accountId, id);
  if (!endpoint.activo) throw new DomainError("webhook_inactivo", { text: "El webhook está deshabilitado: reactivalo para enviarle eventos." });
  const at = now();
  const entrega = newId("delivery");
  const payload = JSON.stringify({
    type: "webhook.prueba",
    timestamp: at.toISOString(),
    data: { mensaje: "Evento de prueba de Legajo: si lo recibís, el webhook funciona.", webhook_id: endpoint.id },
  });
  await readyBoss();
  await db.transaction(async (tx) => {
    await tx.insert(webhookDeliveries).values({ id: entrega, endpointId: endpoint.id, accountId, tipo: "webhook.prueba", payload, nextAttemptAt: at });
    await enqueue(tx, "webhooks", {}, "webhooks");
  });
  return { entrega_id: entrega };
}
