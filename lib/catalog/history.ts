import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { datasets, datasetSnapshots, snapshotFiles, type SnapshotFormat } from "@/db/schema";
import { parseQuery } from "@/lib/http/request";
import { snapshotQuerySchema, type SnapshotHistory, type SnapshotHistoryItem } from "@/lib/schemas/catalog";
import { DATASET_ID_PATTERN } from "./define";
import { datasetNotFound } from "./detail";
import { HISTORY_ORDER } from "./retention";
import { visibleTo, type Viewer } from "./visibility";

const fechaQuery = snapshotQuerySchema.pick({ fecha: true });

/** `fecha=YYYY-MM-DD`, a real calendar day, by the API's schema; absent means the current snapshot. */
export const parseSnapshotDate = (value: string | null): string | undefined =>
  value === null ? undefined : parseQuery(fechaQuery, new URLSearchParams({ fecha: value })).fecha;

/** The kept snapshots of a dataset the viewer may see, newest first, with their files; for the API and the web. */
export async function snapshotHistory(db: DbOrTx, viewer: Viewer, datasetId: string, page: { limit: number; offset: number }): Promise<SnapshotHistory> {
  // No dataset has another shape; a NUL byte in a path id would even fail the query itself (invalid UTF-8 text).
  if (!DATASET_ID_PATTERN.test(datasetId)) throw datasetNotFound(datasetId);
  const [dataset] = await db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(eq(datasets.id, datasetId), visibleTo(viewer)))
    .limit(1);
  if (!dataset) throw datasetNotFound(datasetId);
  const rows = await db
    .select()
    .from(datasetSnapshots)
    .where(and(eq(datasetSnapshots.datasetId, datasetId), eq(datasetSnapshots.status, "ready"), isNull(datasetSnapshots.prunedAt)))
    .orderBy(...HISTORY_ORDER)
    .limit(page.limit + 1)
    .offset(page.offset);
  const shown = rows.slice(0, page.limit);
  const files = shown.length
    ? await db.select().from(snapshotFiles).where(inArray(snapshotFiles.snapshotId, shown.map((r) => r.id)))
    : [];
  const order: SnapshotFormat[] = ["parquet", "csv"];
  const items = shown.map((r): SnapshotHistoryItem => {
    const archivos: SnapshotHistoryItem["archivos"] = files
      .filter((f) => f.snapshotId === r.id)
      .sort((a, b) => order.indexOf(a.format) - order.indexOf(b.format))
      .map((f) => ({ formato: f.format, bytes: f.sizeBytes, sha256: f.sha256 }));
    if (r.manifestSizeBytes !== null && r.manifestSha256) archivos.push({ formato: "manifest", bytes: r.manifestSizeBytes, sha256: r.manifestSha256 });
    return {
      snapshot_date: r.snapshotDate,
      rows_count: r.rowCount,
      archivos,
      publicado_en: (r.publishedAt ?? r.createdAt).toISOString(),
      actual: r.current,
    };
  });
  return { items, has_more: rows.length > page.limit };
}
