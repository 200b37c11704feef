import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { datasets, datasetSnapshots, snapshotFiles, type SnapshotFormat } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { parsePagedQuery } from "@/lib/http/paging";
import { historyQuerySchema, type SnapshotHistory, type SnapshotHistoryItem } from "@/lib/schemas/catalog";
import { DATASET_ID_PATTERN } from "./define";
import { datasetNotFound } from "./detail";
import { HISTORY_ORDER } from "./retention";
import { visibleTo, type Viewer } from "./visibility";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `limit` (1..50, default 10) and `offset` (>= 0) of the history, with the report list's rules and messages. */
export const parseHistoryQuery = (params: URLSearchParams): { limit: number; offset: number } =>
  parsePagedQuery(historyQuerySchema, { limit: params.get("limit") ?? undefined, offset: params.get("offset") ?? undefined });

/** `fecha=YYYY-MM-DD`, a real calendar day; absent means the current snapshot. */
export function parseSnapshotDate(value: string | null): string | undefined {
  if (value === null) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  if (!DAY.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw new ApiError(400, "parametro_invalido", { text: "El parámetro fecha debe ser una fecha válida con el formato AAAA-MM-DD.", extra: { parameter: "fecha" } });
  }
  return value;
}

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
