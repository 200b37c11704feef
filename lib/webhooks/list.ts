import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { webhookEndpoints, type WebhookEndpoint } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { isId } from "@/lib/id";
import type { WebhookView } from "@/lib/schemas/monitoring";
import { webhookView } from "./view";

const notFound = () => new DomainError("not_found", { text: "No existe ese webhook." });

/** GET /v1/webhooks: the account's endpoints, oldest first. */
export async function listWebhooks(db: DbOrTx, accountId: string): Promise<{ items: WebhookView[] }> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(asc(webhookEndpoints.seq));
  return { items: rows.map(webhookView) };
}

/** One endpoint of the account; another account's, a deleted one and a malformed id are the same 404. */
export async function findWebhook(db: DbOrTx, accountId: string, id: string): Promise<WebhookEndpoint> {
  if (!isId("webhook", id)) throw notFound();
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId), isNull(webhookEndpoints.deletedAt)));
  if (!row) throw notFound();
  return row;
}
