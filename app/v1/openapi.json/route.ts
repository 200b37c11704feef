import { env } from "@/lib/env";
import { apiRoute, json } from "@/lib/http/api-route";
import { openApiDocument } from "@/lib/openapi/document";
import { otherMethods } from "@/lib/http/api-guard";

// GET /v1/openapi.json – the OpenAPI 3.0 description of the API (public)
export const GET = apiRoute({ auth: "public" }, ({ req }) =>
  Promise.resolve(json(openApiDocument(env().APP_URL ?? new URL(req.url).origin))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/openapi.json");
