import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";
import { sendTestEvent } from "@/lib/webhooks/send-test";

// POST /v1/webhooks/{id}/test – queue a test event to the endpoint (202)
export const POST = apiRoute(
  { auth: "required", channel: true, limit: "monitoring" },
  async ({ params, db, caller }: RouteContext<{ id: string }, "required">) => json(await sendTestEvent(db, caller.accountId, params.id), { status: 202 }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/webhooks/{id}/test");
