import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";
import { reportChanges } from "@/lib/monitoring/report-changes";
import { changesQuerySchema } from "@/lib/schemas/monitoring";

// GET /v1/reports/{id}/changes – what changed since the previous report of the CUIT (or `contra`); free
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "reportsGet", request: { query: changesQuerySchema } },
  async ({ params, db, caller, input }: RouteContext<{ id: string }, "required", { query: typeof changesQuerySchema }>) =>
    json(await reportChanges(db, caller, params.id, input.query.contra)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/reports/{id}/changes");
