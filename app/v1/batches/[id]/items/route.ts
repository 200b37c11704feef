import { listBatchItems } from "@/lib/batches/items";
import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";
import { itemsQuerySchema } from "@/lib/schemas/batches";

// GET /v1/batches/{id}/items – the batch's items in list order, with each one's outcome
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "batchesRead", request: { query: itemsQuerySchema } },
  async ({ params, db, caller, input }: RouteContext<{ id: string }, "required", { query: typeof itemsQuerySchema }>) =>
    json(await listBatchItems(db, caller.accountId, params.id, input.query)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/batches/{id}/items");
