import { apiRoute, json, readJsonBody } from "@/lib/http/api-route";
import { generateReport } from "@/lib/reports/generate";
import { listReports } from "@/lib/reports/list";
import { parseGenerateBody, parseIdempotencyKey, parseListQuery } from "@/lib/reports/request";
import { otherMethods } from "@/lib/http/api-guard";

// POST /v1/reports – generate or update a report (the only endpoint that charges)
export const POST = apiRoute({ auth: "required", channel: true, limit: "reportsCreate" }, async ({ req, db, caller }) => {
  const idempotencyKey = parseIdempotencyKey(req.headers);
  const cuit = parseGenerateBody(await readJsonBody(req));
  const { body, replayed } = await generateReport(db, caller, { cuit, idempotencyKey });
  return json(body, { headers: replayed ? { "Idempotent-Replayed": "true" } : {} });
});

// GET /v1/reports – the account's reports, most recent first
export const GET = apiRoute({ auth: "required", channel: true, limit: "reportsList" }, async ({ url, db, caller }) =>
  json(await listReports(db, caller.accountId, parseListQuery(url.searchParams))),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/reports");
