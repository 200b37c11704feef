import { apiRoute, json, type RouteContext } from "@/lib/http/api-route";
import { getReport } from "@/lib/reports/get";

// GET /v1/reports/{id} – one report of the account (any report for an admin)
export const GET = apiRoute(
  { auth: "required", channel: true, limit: "reportsGet" },
  async ({ params, db, caller }: RouteContext<{ id: string }, "required">) => json(await getReport(db, caller, params.id)),
);
