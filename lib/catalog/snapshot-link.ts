import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { datasets, datasetSnapshots, snapshotFiles, type SnapshotFormat } from "@/db/schema";
import { SNAPSHOT_TIERS, tierAllows } from "@/lib/auth/tiers";
import { DomainError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { ManifestLinkResponse, SnapshotResponse } from "@/lib/schemas/catalog";
import { getStorage } from "@/lib/storage";
import { DATASET_ID_PATTERN } from "./define";
import { visibleTo, type Viewer } from "./visibility";

/** Spec 2.11: links are valid for one hour. */
export const SNAPSHOT_LINK_SECONDS = 3600;

/** The snapshot gate for the web pages: the API's `requireTier(caller, SNAPSHOT_TIERS)`. */
export const mayDownloadSnapshots = (account: { planTier: string; isAdmin: boolean }): boolean => tierAllows(account, SNAPSHOT_TIERS);

const FORMATS: readonly string[] = ["parquet", "csv"] satisfies SnapshotFormat[];
/** Not a data format: the manifest.json beside a snapshot's files (DESIGN.md §9: parquet stays the default). */
const MANIFEST = "manifest";

const formatNotAvailable = (format: string) =>
  new DomainError("format_not_available", { text: `El formato ${format} no está disponible para este dataset. Probá con parquet.` });

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
    current: snapshotQuery(db, eq(datasetSnapshots.current, true)).prepare("snapshot_current"),
    // Of two publications of one date, the current one, or else the latest; a pruned one has no files left.
    dated: snapshotQuery(db, and(eq(datasetSnapshots.snapshotDate, sql.placeholder("fecha")), eq(datasetSnapshots.status, "ready"), isNull(datasetSnapshots.prunedAt))).prepare(
      "snapshot_dated",
    ),
  };
}

function snapshotQuery(db: DbOrTx, which: ReturnType<typeof and>) {
  return db
    .select({
      snapshotDate: datasetSnapshots.snapshotDate,
      rowCount: datasetSnapshots.rowCount,
      manifestKey: datasetSnapshots.manifestKey,
      manifestSizeBytes: datasetSnapshots.manifestSizeBytes,
      file: snapshotFiles,
    })
    .from(datasetSnapshots)
    .leftJoin(snapshotFiles, and(eq(snapshotFiles.snapshotId, datasetSnapshots.id), eq(snapshotFiles.format, sql.placeholder("format"))))
    .where(and(eq(datasetSnapshots.datasetId, sql.placeholder("datasetId")), which))
    .orderBy(desc(datasetSnapshots.current), desc(datasetSnapshots.id))
    .limit(1);
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

async function sign(key: string, origin: string, datasetId: string, format: string): Promise<string> {
  try {
    return await getStorage().signedUrl(key, { expiresInSeconds: SNAPSHOT_LINK_SECONDS, origin });
  } catch (err) {
    log().error({ err, datasetId, format }, "could not sign the snapshot link");
    throw new DomainError("internal");
  }
}

/**
 * GET /v1/datasets/{id}/snapshot: a signed link to a file of the current snapshot, or with `fecha` of a kept older
 * one. The plan gate is the route's; here a dataset the viewer may not see, one without a current snapshot, or a
 * date with no kept snapshot is `404 not_found`, and a format the dataset does not publish is `400
 * format_not_available`. `format=manifest` signs the snapshot's manifest.json instead.
 */
export async function snapshotLink(
  db: DbOrTx,
  viewer: Viewer,
  datasetId: string,
  format: string,
  origin: string,
  fecha?: string,
): Promise<SnapshotResponse | ManifestLinkResponse> {
  // No dataset has another shape; a NUL byte in a path id would even fail the query itself (invalid UTF-8 text).
  if (!DATASET_ID_PATTERN.test(datasetId)) throw new DomainError("not_found");
  const q = readsFor(db, viewer);
  const [dataset] = await q.dataset.execute({ datasetId });
  if (!dataset) throw new DomainError("not_found");
  const manifest = format === MANIFEST;
  if (!manifest && (!FORMATS.includes(format) || !dataset.formats.includes(format as SnapshotFormat))) throw formatNotAvailable(format);
  const [snapshot] = fecha
    ? await q.dated.execute({ datasetId, format: manifest ? "parquet" : format, fecha })
    : await q.current.execute({ datasetId, format: manifest ? "parquet" : format });
  if (!snapshot) {
    throw new DomainError("not_found", { text: fecha ? `No hay un snapshot del ${fecha} de este dataset.` : "Este dataset todavía no tiene un snapshot publicado." });
  }
  const about = { snapshot_at: snapshot.snapshotDate, rows_count: snapshot.rowCount };
  if (manifest) {
    if (!snapshot.manifestKey || snapshot.manifestSizeBytes === null) {
      throw new DomainError("format_not_available", { text: "Este snapshot se publicó sin manifiesto." });
    }
    const url = await sign(snapshot.manifestKey, origin, datasetId, format);
    return { url, expires_in_seconds: SNAPSHOT_LINK_SECONDS, dataset_id: datasetId, format: "manifest", snapshot: { ...about, file_size_bytes: snapshot.manifestSizeBytes } };
  }
  if (!snapshot.file) throw formatNotAvailable(format);
  const url = await sign(snapshot.file.objectKey, origin, datasetId, format);
  return {
    url,
    expires_in_seconds: SNAPSHOT_LINK_SECONDS,
    dataset_id: datasetId,
    format: format as SnapshotFormat,
    snapshot: { ...about, file_size_bytes: snapshot.file.sizeBytes },
  };
}
