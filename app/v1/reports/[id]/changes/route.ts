import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";
import { reportChanges } from "@/lib/monitoring/report-changes";
import { parseChangesQuery } from "@/lib/monitoring/request";

// GET /v1/reports/{id}/changes – what changed since the previous report of the CUIT (or `contra`); free
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "reportsGet" },
  async ({ url, params, db, caller }: RouteContext<{ id: string }, "required">) =>
    json(await reportChanges(db, caller, params.id, parseChangesQuery(url.searchParams).contra)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/reports/{id}/changes");
