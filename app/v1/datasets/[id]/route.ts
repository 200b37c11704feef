import { getDatasetDetail } from "@/lib/catalog/detail";
import { viewerOf } from "@/lib/catalog/visibility";
import { apiRoute, json } from "@/lib/http/api-route";

// GET /v1/datasets/{id} – one dataset's metadata and current snapshot (public; hidden ones are dataset_not_found)
export const GET = apiRoute<{ id: string }>({ auth: "optional", limit: "catalog" }, async ({ db, caller, params }) =>
  json(await getDatasetDetail(db, viewerOf(caller), params.id)),
);
