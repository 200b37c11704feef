import { getPrices } from "@/lib/billing/prices";
import { apiRoute, json } from "@/lib/http/api-route";

// GET /v1/prices – plans and report packs (public)
export const GET = apiRoute({ auth: "public", limit: "catalog" }, async ({ db }) => json(await getPrices(db)));
