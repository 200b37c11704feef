import { parseHistoryQuery, snapshotHistory } from "@/lib/catalog/history";
import { viewerOf } from "@/lib/catalog/visibility";
import { apiRoute, json } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/api-guard";

// GET /v1/datasets/{id}/snapshots – the dataset's kept snapshots, newest first, with each file's size and SHA-256 (public, like the detail)
export const GET = apiRoute<{ id: string }>({ auth: "optional", limit: "catalog" }, async ({ url, db, caller, params }) =>
  json(await snapshotHistory(db, viewerOf(caller), params.id, parseHistoryQuery(url.searchParams))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/datasets/{id}/snapshots");
