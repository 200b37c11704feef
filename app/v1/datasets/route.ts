import { listDatasets } from "@/lib/catalog/list";
import { viewerOf } from "@/lib/catalog/visibility";
import { appOrigin } from "@/lib/auth/origin";
import { apiRoute, json } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/api-guard";

// GET /v1/datasets – the published catalog the caller may see (public; a key or session may see more)
export const GET = apiRoute({ auth: "optional", limit: "catalog" }, async ({ req, db, caller }) =>
  json(await listDatasets(db, viewerOf(caller), appOrigin(req))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/datasets");
