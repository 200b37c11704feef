import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { findWebhook } from "./list";
import { newSecret } from "./secret";

/**
 * POST /v1/webhooks/{id}/rotate-secret: a new signing secret, shown once. For a day deliveries carry a signature
 * under each secret, so the receiver can switch without losing one.
 */
export async function rotateWebhookSecret(db: Db, accountId: string, id: string): Promise<{ id: string; secreto: string }> {
  const current = await findWebhook(db, accountId, id);
  const secreto = newSecret();
  await db
    .update(webhookEndpoints)
    .set({ secret: secreto, previousSecret: current.secret, rotatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)));
  return { id, secreto };
}
