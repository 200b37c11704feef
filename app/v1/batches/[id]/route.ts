import { getBatch } from "@/lib/batches/view";
import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";

// GET /v1/batches/{id} – a batch and its progress
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "batchesRead" },
  async ({ params, db, caller }: RouteContext<{ id: string }, "required">) => json(await getBatch(db, caller.accountId, params.id)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/batches/{id}");
