import { listBatchItems } from "@/lib/batches/items";
import { parseItemsQuery } from "@/lib/batches/request";
import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";

// GET /v1/batches/{id}/items – the batch's items in list order, with each one's outcome
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "batchesRead" },
  async ({ params, url, db, caller }: RouteContext<{ id: string }, "required">) =>
    json(await listBatchItems(db, caller.accountId, params.id, parseItemsQuery(url.searchParams))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/batches/{id}/items");
