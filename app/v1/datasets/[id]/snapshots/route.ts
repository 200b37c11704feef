import { snapshotHistory } from "@/lib/catalog/history";
import { viewerOf } from "@/lib/catalog/visibility";
import { apiRoute, json } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/api-guard";
import { historyQuerySchema } from "@/lib/schemas/catalog";

// GET /v1/datasets/{id}/snapshots – the dataset's kept snapshots, newest first, with each file's size and SHA-256 (public, like the detail)
export const GET = apiRoute<{ id: string }, "optional", { query: typeof historyQuerySchema }>(
  { auth: "optional", limit: "catalog", request: { query: historyQuerySchema } },
  async ({ db, caller, params, input }) => json(await snapshotHistory(db, viewerOf(caller), params.id, input.query)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/datasets/{id}/snapshots");
