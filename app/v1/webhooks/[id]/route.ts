import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";
import { findWebhook } from "@/lib/webhooks/list";
import { deleteWebhook } from "@/lib/webhooks/remove";
import { webhookView } from "@/lib/webhooks/view";

type Ctx = RouteContext<{ id: string }, "required">;

// GET /v1/webhooks/{id} – one endpoint
export const GET = apiRoute({ auth: "required", channel: true, limit: "monitoring" }, async ({ params, db, caller }: Ctx) =>
  json(webhookView(await findWebhook(db, caller.accountId, params.id))),
);

// DELETE /v1/webhooks/{id} – remove an endpoint; its pending deliveries are cancelled
export const DELETE = apiRoute({ auth: "required", channel: true, limit: "monitoring" }, async ({ params, db, caller }: Ctx) =>
  json(await deleteWebhook(db, caller.accountId, params.id)),
);

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("/v1/webhooks/{id}");
