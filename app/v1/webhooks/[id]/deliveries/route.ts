import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";
import { parseDeliveriesQuery } from "@/lib/monitoring/request";
import { listDeliveries } from "@/lib/webhooks/deliveries";

// GET /v1/webhooks/{id}/deliveries – the endpoint's deliveries with their state and attempts
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "monitoring" },
  async ({ url, params, db, caller }: RouteContext<{ id: string }, "required">) =>
    json(await listDeliveries(db, caller.accountId, params.id, parseDeliveriesQuery(url.searchParams))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/webhooks/{id}/deliveries");
