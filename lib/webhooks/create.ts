import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/id";
import type { EventTypeName, WebhookView } from "@/lib/schemas/monitoring";
import { newSecret } from "./secret";
import { refusalOf } from "./url-guard";
import { webhookView } from "./view";

/** Endpoints one account may have. */
export const MAX_WEBHOOKS = 10;

/**
 * POST /v1/webhooks: a new endpoint for the given event types. The URL must reach a public address
 * (`400 url_no_permitida` otherwise). The signing secret is in this answer only.
 */
export async function createWebhook(db: Db, accountId: string, input: { url: string; eventos: EventTypeName[] }): Promise<WebhookView & { secreto: string }> {
  const refusal = await refusalOf(input.url);
  if (refusal) throw new DomainError("url_no_permitida", { text: refusal });
  const [{ n }] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), isNull(webhookEndpoints.deletedAt)));
  if (n >= MAX_WEBHOOKS) {
    throw new DomainError("limite_webhooks", { text: `Podés tener hasta ${MAX_WEBHOOKS} webhooks. Eliminá alguno para crear otro.`, extra: { limite: MAX_WEBHOOKS } });
  }
  const secreto = newSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ id: newId("webhook"), accountId, url: input.url, eventos: [...new Set(input.eventos)], secret: secreto })
    .returning();
  return { ...webhookView(row), secreto };
}
