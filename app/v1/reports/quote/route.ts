import { apiRoute, json } from "@/lib/http/api-route";
import { quoteReport } from "@/lib/reports/quote";
import { parseQuoteCuit } from "@/lib/reports/request";
import { otherMethods } from "@/lib/http/api-guard";

// GET /v1/reports/quote – price of the next generation for a CUIT (pure read)
export const GET = apiRoute({ auth: "required", channel: true, limit: "reportsQuote" }, async ({ url, db, caller }) =>
  json(await quoteReport(db, caller, parseQuoteCuit(url.searchParams.get("cuit")))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/reports/quote");
