import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { datasets, datasetSnapshots, snapshotFiles, type SnapshotFormat } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import type { SnapshotResponse } from "@/lib/schemas/catalog";
import { getStorage } from "@/lib/storage";
import { DATASET_ID_PATTERN } from "./define";
import { visibleTo, type Viewer } from "./visibility";

/** Spec 2.11: links are valid for one hour. */
export const SNAPSHOT_LINK_SECONDS = 3600;

/** Spec 5.5: plans whose accounts may download snapshots; admins may on any plan. */
export const SNAPSHOT_TIERS = ["ultimate", "team", "enterprise"] as const;

/** The same gate for the web pages, which have no Request to hand to `requireTier`. */
export const mayDownloadSnapshots = (account: { planTier: string; isAdmin: boolean }): boolean =>
  account.isAdmin || (SNAPSHOT_TIERS as readonly string[]).includes(account.planTier);

const FORMATS: readonly string[] = ["parquet", "csv"] satisfies SnapshotFormat[];

const formatNotAvailable = (format: string) =>
  new ApiError(400, "format_not_available", { text: `El formato ${format} no está disponible para este dataset. Probá con parquet.` });

/**
 * The two reads of a link, built once per database and viewer kind (the visibility rule depends on the viewer's
 * plan) as named prepared statements: no SQL rebuilt or re-planned per request.
 */
function reads(db: DbOrTx, viewer: Viewer) {
  const id = sql.placeholder("datasetId");
  return {
    dataset: db
      .select({ id: datasets.id, formats: datasets.formats })
      .from(datasets)
      .where(and(eq(datasets.id, id), visibleTo(viewer)))
      .limit(1)
      .prepare("snapshot_dataset"),
    current: db
      .select({ snapshotDate: datasetSnapshots.snapshotDate, rowCount: datasetSnapshots.rowCount, file: snapshotFiles })
      .from(datasetSnapshots)
      .leftJoin(snapshotFiles, and(eq(snapshotFiles.snapshotId, datasetSnapshots.id), eq(snapshotFiles.format, sql.placeholder("format"))))
      .where(and(eq(datasetSnapshots.datasetId, id), eq(datasetSnapshots.current, true)))
      .limit(1)
      .prepare("snapshot_current"),
  };
}
const prepared = new WeakMap<DbOrTx, Map<string, ReturnType<typeof reads>>>();

function readsFor(db: DbOrTx, viewer: Viewer): ReturnType<typeof reads> {
  let byViewer = prepared.get(db);
  if (!byViewer) prepared.set(db, (byViewer = new Map<string, ReturnType<typeof reads>>()));
  const key = `${viewer.tier}:${viewer.isAdmin}`;
  let q = byViewer.get(key);
  if (!q) byViewer.set(key, (q = reads(db, viewer)));
  return q;
}

/**
 * GET /v1/datasets/{id}/snapshot: a signed link to the current snapshot file. The plan gate is the route's; here a
 * dataset the viewer may not see, or one without a current snapshot, is `404 not_found`, and a format the dataset
 * does not publish is `400 format_not_available`.
 */
export async function snapshotLink(
  db: DbOrTx,
  viewer: Viewer,
  datasetId: string,
  format: string,
  origin: string,
): Promise<SnapshotResponse> {
  // No dataset has another shape; a NUL byte in a path id would even fail the query itself (invalid UTF-8 text).
  if (!DATASET_ID_PATTERN.test(datasetId)) throw new ApiError(404, "not_found");
  const q = readsFor(db, viewer);
  const [dataset] = await q.dataset.execute({ datasetId });
  if (!dataset) throw new ApiError(404, "not_found");
  if (!FORMATS.includes(format) || !dataset.formats.includes(format as SnapshotFormat)) throw formatNotAvailable(format);
  const [current] = await q.current.execute({ datasetId, format });
  if (!current) throw new ApiError(404, "not_found", { text: "Este dataset todavía no tiene un snapshot publicado." });
  if (!current.file) throw formatNotAvailable(format);
  let url: string;
  try {
    url = await getStorage().signedUrl(current.file.objectKey, { expiresInSeconds: SNAPSHOT_LINK_SECONDS, origin });
  } catch (err) {
    log().error({ err, datasetId, format }, "could not sign the snapshot link");
    throw new ApiError(500, "internal");
  }
  return {
    url,
    expires_in_seconds: SNAPSHOT_LINK_SECONDS,
    dataset_id: datasetId,
    format: format as SnapshotFormat,
    snapshot: { snapshot_at: current.snapshotDate, rows_count: current.rowCount, file_size_bytes: current.file.sizeBytes },
  };
}
