import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json } from "@/lib/http/api-route";
import { webhookPostBodySchema } from "@/lib/schemas/monitoring";
import { createWebhook } from "@/lib/webhooks/create";
import { listWebhooks } from "@/lib/webhooks/list";

// POST /v1/webhooks – a new endpoint for the account's events; the signing secret is shown only here
export const POST = apiRoute({ auth: "required", channel: true, limit: "monitoring", request: { body: webhookPostBodySchema } }, async ({ db, caller, input }) =>
  json(await createWebhook(db, caller.accountId, input.body), { status: 201 }),
);

// GET /v1/webhooks – the account's endpoints
export const GET = apiRoute({ auth: "required", channel: true, limit: "monitoring" }, async ({ db, caller }) => json(await listWebhooks(db, caller.accountId)));

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/webhooks");
