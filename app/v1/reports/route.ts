import { apiRoute, json, jsonText } from "@/lib/http/api-route";
import { generateReport, responseJson } from "@/lib/reports/generate";
import { listReports } from "@/lib/reports/list";
import { listQuerySchema, reportPostBodySchema, reportPostHeadersSchema } from "@/lib/schemas/reports";
import { otherMethods } from "@/lib/http/api-guard";

// POST /v1/reports – generate or update a report (the only endpoint that charges)
export const POST = apiRoute(
  { auth: "required", channel: true, limit: "reportsCreate", request: { headers: reportPostHeadersSchema, body: reportPostBodySchema } },
  async ({ db, caller, input }) => {
    const generated = await generateReport(db, caller, { cuit: input.body.cuit, idempotencyKey: input.headers["Idempotency-Key"] ?? null });
    return jsonText(responseJson(generated), generated.replayed ? { "Idempotent-Replayed": "true" } : {});
  },
);

// GET /v1/reports – the account's reports, most recent first
export const GET = apiRoute({ auth: "required", channel: true, limit: "reportsList", request: { query: listQuerySchema } }, async ({ db, caller, input }) =>
  json(await listReports(db, caller.accountId, input.query)),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/reports");
