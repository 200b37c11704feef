import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { findWebhook } from "./list";
import { webhookView } from "./view";

/** The web's "reactivate" on an endpoint disabled after failures: it receives new events again. */
export async function reactivateWebhook(db: Db, accountId: string, id: string) {
  await findWebhook(db, accountId, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set({ activo: true, disabledAt: null, disabledReason: null, failingSince: null })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
    .returning();
  return webhookView(row);
}
