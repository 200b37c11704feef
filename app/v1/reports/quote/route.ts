import { apiRoute, json } from "@/lib/http/api-route";
import { quoteReport } from "@/lib/reports/quote";
import { checkedCuit } from "@/lib/reports/request";
import { quoteQuerySchema } from "@/lib/schemas/reports";
import { otherMethods } from "@/lib/http/api-guard";

// GET /v1/reports/quote – price of the next generation for a CUIT (pure read)
export const GET = apiRoute({ auth: "required", channel: true, limit: "reportsQuote", request: { query: quoteQuerySchema } }, async ({ db, caller, input }) =>
  json(await quoteReport(db, caller, checkedCuit(input.query.cuit))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/reports/quote");
