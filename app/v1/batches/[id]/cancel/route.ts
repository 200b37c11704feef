import { cancelBatch } from "@/lib/batches/cancel";
import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";

// POST /v1/batches/{id}/cancel – stop the items not yet started
export const POST = apiRoute(
  { auth: "required", channel: true, limit: "batchesCreate" },
  async ({ params, db, caller }: RouteContext<{ id: string }, "required">) => json(await cancelBatch(db, caller.accountId, params.id)),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/batches/{id}/cancel");
