import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { datasetSnapshots, snapshotFiles, type SnapshotFormat } from "@/db/schema";
import type { DatasetSummary } from "@/lib/schemas/catalog";

/** Lowercase without accents, so "credito" finds "crédito" and "BCRA" finds "bcra". */
const fold = (s: string): string => s.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

export interface CatalogFilter {
  q: string;
  tag: string;
  source: string;
}

/**
 * The catalog page's search: every word of `q` must appear in the name, the description or a tag; `tag` and
 * `source` are exact. It runs over the list the catalog service already cut to what the viewer may see.
 */
export function filterDatasets(datasets: DatasetSummary[], filter: CatalogFilter): DatasetSummary[] {
  const words = fold(filter.q).split(/\s+/).filter(Boolean);
  return datasets.filter((d) => {
    if (filter.tag && !(d.tags ?? []).includes(filter.tag)) return false;
    if (filter.source && d.source.id !== filter.source) return false;
    if (words.length === 0) return true;
    const haystack = fold([d.name, d.description ?? "", ...(d.tags ?? [])].join(" "));
    return words.every((w) => haystack.includes(w));
  });
}

/** The tags and sources of a list with how many datasets carry each, for the filter menus. */
export function catalogFacets(datasets: DatasetSummary[]) {
  const tags = new Map<string, number>();
  const sources = new Map<string, { name: string; count: number }>();
  for (const d of datasets) {
    for (const t of d.tags ?? []) tags.set(t, (tags.get(t) ?? 0) + 1);
    const s = sources.get(d.source.id);
    sources.set(d.source.id, { name: d.source.name, count: (s?.count ?? 0) + 1 });
  }
  return {
    tags: [...tags.entries()].sort((a, b) => a[0].localeCompare(b[0], "es")).map(([tag, count]) => ({ tag, count })),
    sources: [...sources.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name, "es")).map(([id, s]) => ({ id, ...s })),
  };
}

/**
 * The files of a dataset's current snapshot and their sizes. Call it only for a dataset the viewer was allowed to
 * open (the detail service decides that); it adds sizes, which the detail shape of spec 2.10 does not carry.
 */
export function currentSnapshotFiles(db: DbOrTx, datasetId: string): Promise<{ format: SnapshotFormat; sizeBytes: number }[]> {
  return db
    .select({ format: snapshotFiles.format, sizeBytes: snapshotFiles.sizeBytes })
    .from(snapshotFiles)
    .innerJoin(datasetSnapshots, eq(datasetSnapshots.id, snapshotFiles.snapshotId))
    .where(and(eq(datasetSnapshots.datasetId, datasetId), eq(datasetSnapshots.current, true)))
    .orderBy(asc(snapshotFiles.format));
}
