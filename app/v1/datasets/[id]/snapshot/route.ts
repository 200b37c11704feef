import { parseSnapshotDate } from "@/lib/catalog/history";
import { SNAPSHOT_TIERS, snapshotLink } from "@/lib/catalog/snapshot-link";
import { viewerOf } from "@/lib/catalog/visibility";
import { appOrigin } from "@/lib/auth/origin";
import { apiRoute, json, requireTier } from "@/lib/http/api-route";
import { otherMethods } from "@/lib/http/api-guard";

// GET /v1/datasets/{id}/snapshot – signed link to the current snapshot file, or with fecha an older one (Ultimate, Team, Enterprise or admin)
export const GET = apiRoute<{ id: string }, "required">({ auth: "required", limit: "snapshot" }, async ({ req, url, db, caller, params }) => {
  requireTier(req, caller, SNAPSHOT_TIERS);
  const fecha = parseSnapshotDate(url.searchParams.get("fecha"));
  const link = await snapshotLink(db, viewerOf(caller), params.id, url.searchParams.get("format") ?? "parquet", appOrigin(req), fecha);
  if (url.searchParams.get("redirect") === "1") return new Response(null, { status: 302, headers: { Location: link.url } });
  return json(link);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("/v1/datasets/{id}/snapshot");
