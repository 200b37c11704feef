import { getDatasetDetail } from "@/lib/catalog/detail";
import { viewerOf } from "@/lib/catalog/visibility";
import { apiRoute, json } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/api-guard";

// GET /v1/datasets/{id} – one dataset's metadata and current snapshot (public; hidden ones are dataset_not_found)
export const GET = apiRoute<{ id: string }>({ auth: "optional", limit: "catalog" }, async ({ db, caller, params }) =>
  json(await getDatasetDetail(db, viewerOf(caller), params.id)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/datasets/{id}");
