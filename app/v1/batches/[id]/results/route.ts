import { batchResults } from "@/lib/batches/results";
import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, type RouteContext } from "@/lib/http/api-route";
import { resultsQuerySchema } from "@/lib/schemas/batches";

// GET /v1/batches/{id}/results?formato= – every item with its report's key figures, as CSV, XLSX or NDJSON
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "batchesRead", request: { query: resultsQuerySchema } },
  async ({ params, db, caller, input }: RouteContext<{ id: string }, "required", { query: typeof resultsQuerySchema }>) =>
    batchResults(db, caller.accountId, params.id, input.query.formato),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/batches/{id}/results");
