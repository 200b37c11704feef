import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";
import { deliveriesQuerySchema } from "@/lib/schemas/monitoring";
import { listDeliveries } from "@/lib/webhooks/deliveries";

// GET /v1/webhooks/{id}/deliveries – the endpoint's deliveries with their state and attempts
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "monitoring", request: { query: deliveriesQuerySchema } },
  async ({ params, db, caller, input }: RouteContext<{ id: string }, "required", { query: typeof deliveriesQuerySchema }>) =>
    json(await listDeliveries(db, caller.accountId, params.id, input.query)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/webhooks/{id}/deliveries");
