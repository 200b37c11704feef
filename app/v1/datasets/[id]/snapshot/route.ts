import { snapshotLink } from "@/lib/catalog/snapshot-link";
import { requireTier, SNAPSHOT_TIERS } from "@/lib/auth/tiers";
import { viewerOf } from "@/lib/catalog/visibility";
import { appOrigin } from "@/lib/auth/origin";
import { apiRoute, json } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/api-guard";
import { snapshotQuerySchema } from "@/lib/schemas/catalog";

// GET /v1/datasets/{id}/snapshot – signed link to the current snapshot file, or with fecha an older one (Ultimate, Team, Enterprise or admin)
export const GET = apiRoute<{ id: string }, "required", { query: typeof snapshotQuerySchema }>(
  { auth: "required", limit: "snapshot", request: { query: snapshotQuerySchema } },
  async ({ req, db, caller, params, input: { query } }) => {
    requireTier(caller, SNAPSHOT_TIERS);
    const link = await snapshotLink(db, viewerOf(caller), params.id, query.format, appOrigin(req), query.fecha);
    if (query.redirect === "1") return new Response(null, { status: 302, headers: { Location: link.url } });
    return json(link);
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/datasets/{id}/snapshot");
