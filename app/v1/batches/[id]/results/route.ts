import { parseResultsFormat } from "@/lib/batches/request";
import { batchResults } from "@/lib/batches/results";
import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, type RouteContext } from "@/lib/http/api-route";

// GET /v1/batches/{id}/results?formato= – every item with its report's key figures, as CSV, XLSX or NDJSON
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "batchesRead" },
  async ({ params, url, db, caller }: RouteContext<{ id: string }, "required">) =>
    batchResults(db, caller.accountId, params.id, parseResultsFormat(url.searchParams)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/batches/{id}/results");
