import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json } from "@/lib/http/api-route";
import { searchQuerySchema } from "@/lib/schemas/search";
import { searchNames } from "@/lib/search/names";

// GET /v1/search?q= – taxpayers of the padrón by name (free: a pure read, rate-limited per account like the quote)
export const GET = apiRoute({ auth: "required", channel: true, limit: "search", request: { query: searchQuerySchema } }, async ({ db, input }) =>
  json(await searchNames(db, input.query.q)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/search");
