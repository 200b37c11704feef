import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate";

// POST /v1/webhooks/{id}/rotate-secret – a new signing secret, shown once; the old one still signs for a day
export const POST = apiRoute(
  { auth: "required", channel: true, limit: "monitoring" },
  async ({ params, db, caller }: RouteContext<{ id: string }, "required">) => json(await rotateWebhookSecret(db, caller.accountId, params.id)),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/webhooks/{id}/rotate-secret");
