import { apiRoute, json } from "@/lib/http/api-route";
import { quoteReport } from "@/lib/reports/quote";
import { parseQuoteCuit } from "@/lib/reports/request";

// GET /v1/reports/quote – price of the next generation for a CUIT (pure read)
export const GET = apiRoute({ auth: "required", channel: true, limit: "reportsQuote" }, async ({ url, db, caller }) =>
  json(await quoteReport(db, caller, parseQuoteCuit(url.searchParams.get("cuit")))),
);
