import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, readJsonBody } from "@/lib/http/api-route";
import { parseWebhookBody } from "@/lib/monitoring/request";
import { createWebhook } from "@/lib/webhooks/create";
import { listWebhooks } from "@/lib/webhooks/list";

// POST /v1/webhooks – a new endpoint for the account's events; the signing secret is shown only here
export const POST = apiRoute({ auth: "required", channel: true, limit: "monitoring" }, async ({ req, db, caller }) =>
  json(await createWebhook(db, caller.accountId, parseWebhookBody(await readJsonBody(req))), { status: 201 }),
);

// GET /v1/webhooks – the account's endpoints
export const GET = apiRoute({ auth: "required", channel: true, limit: "monitoring" }, async ({ db, caller }) => json(await listWebhooks(db, caller.accountId)));

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/webhooks");
