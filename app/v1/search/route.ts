import { otherMethods } from "@/lib/http/api-guard";
import { apiRoute, json } from "@/lib/http/api-route";
import { parseSearchQuery, searchNames } from "@/lib/search/names";

// GET /v1/search?q= – taxpayers of the padrón by name (free: a pure read, rate-limited per account like the quote)
export const GET = apiRoute({ auth: "required", channel: true, limit: "search" }, async ({ url, db }) =>
  json(await searchNames(db, parseSearchQuery(url.searchParams.get("q")))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/search");
