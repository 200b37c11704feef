import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { datasets, datasetSnapshots, snapshotFiles } from "@/db/schema";

/** Where a dataset's snapshots come from, which decides whether the console can publish it. */
export type DatasetOrigin = { kind: "source"; source: string } | { kind: "view"; parentId: string } | { kind: "file" };

function originOf(d: { engineSource: string | null; parentId: string | null }): DatasetOrigin {
  if (d.engineSource) return { kind: "source", source: d.engineSource };
  if (d.parentId) return { kind: "view", parentId: d.parentId };
  return { kind: "file" };
}

/**
 * Every dataset, published or not, with its current snapshot (date, rows, file sizes) and the state of its latest
 * publication attempt. Admins only: no visibility rule applies.
 */
export async function datasetsForAdmin(db: DbOrTx) {
  const rows = await db
    .select({
      id: datasets.id,
      name: datasets.name,
      published: datasets.published,
      visibility: datasets.visibility,
      minTier: datasets.minTier,
      parentId: datasets.parentId,
      engineSource: datasets.engineSource,
      formats: datasets.formats,
      snapshotId: datasetSnapshots.id,
      snapshotDate: datasetSnapshots.snapshotDate,
      rowCount: datasetSnapshots.rowCount,
      publishedAt: datasetSnapshots.publishedAt,
    })
    .from(datasets)
    .leftJoin(datasetSnapshots, and(eq(datasetSnapshots.datasetId, datasets.id), eq(datasetSnapshots.current, true)))
    .orderBy(asc(datasets.name), asc(datasets.id));
  const snapshotIds = rows.flatMap((r) => (r.snapshotId === null ? [] : [r.snapshotId]));
  const [files, attempts] = await Promise.all([
    snapshotIds.length
      ? db
          .select({ snapshotId: snapshotFiles.snapshotId, format: snapshotFiles.format, sizeBytes: snapshotFiles.sizeBytes })
          .from(snapshotFiles)
          .where(inArray(snapshotFiles.snapshotId, snapshotIds))
      : Promise.resolve([]),
    db
      .selectDistinctOn([datasetSnapshots.datasetId], {
        datasetId: datasetSnapshots.datasetId,
        status: datasetSnapshots.status,
        createdAt: datasetSnapshots.createdAt,
      })
      .from(datasetSnapshots)
      .orderBy(datasetSnapshots.datasetId, desc(datasetSnapshots.id)),
  ]);
  const lastAttempt = new Map(attempts.map((a) => [a.datasetId, a]));
  return rows.map((r) => ({
    ...r,
    origin: originOf(r),
    files: files
      .filter((f) => f.snapshotId === r.snapshotId)
      .map((f) => ({ format: f.format, sizeBytes: f.sizeBytes }))
      .sort((a, b) => a.format.localeCompare(b.format)),
    lastAttempt: lastAttempt.get(r.id) ?? null,
  }));
}

export type AdminDatasetRow = Awaited<ReturnType<typeof datasetsForAdmin>>[number];
