import { apiRoute, jsonText, type RouteContext } from "@/lib/http/api-route";
import { getReportText } from "@/lib/reports/get";
import { otherMethods } from "@/lib/http/api-guard";

// GET /v1/reports/{id} – one report of the account (any report for an admin)
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "reportsGet" },
  async ({ params, db, caller }: RouteContext<{ id: string }, "required">) =>
    jsonText(await getReportText(db, caller, params.id)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/reports/{id}");
