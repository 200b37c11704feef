import { getPrices } from "@/lib/billing/prices";
import { apiRoute, json } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/api-guard";

// GET /v1/prices – plans and report packs (public)
export const GET = apiRoute({ auth: "public", limit: "catalog" }, async ({ db }) => json(await getPrices(db)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/prices");
