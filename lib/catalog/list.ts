import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { catalogSources, datasets } from "@/db/schema";
import type { DatasetsListResponse } from "@/lib/schemas/catalog";
import { visibleTo, type Viewer } from "./visibility";

export const detailUrl = (origin: string, datasetId: string): string => `${origin}/v1/datasets/${encodeURIComponent(datasetId)}`;

function catalogQuery(db: DbOrTx, viewer: Viewer) {
  return db
    .select({
      id: datasets.id,
      name: datasets.name,
      description: datasets.description,
      sourceId: catalogSources.id,
      sourceName: catalogSources.name,
      frequency: datasets.frequency,
      tags: datasets.tags,
      country: datasets.country,
    })
    .from(datasets)
    .innerJoin(catalogSources, eq(catalogSources.id, datasets.catalogSourceId))
    .where(and(eq(datasets.published, true), visibleTo(viewer)))
    .orderBy(asc(datasets.name), asc(datasets.id));
}

type CatalogRow = Awaited<ReturnType<typeof catalogQuery>>[number];

/**
 * How long a process may answer the list from memory. The catalog changes a few times a day (publication,
 * metadata), the list is the busiest public call, and a database round trip costs more than the rest of the
 * request: one read per viewer kind per second at most, and a change shows within this bound in every instance.
 */
export const CATALOG_LIST_TTL_MS = 1000;

const cache = new Map<string, { at: number; rows: Promise<CatalogRow[]> }>();

/** Forgets the cached lists of this process, so that a change made here shows on the next call. */
export function invalidateCatalogList(): void {
  cache.clear();
}

function rowsFor(db: DbOrTx, viewer: Viewer): Promise<CatalogRow[]> {
  // A transaction may see its own uncommitted changes: it reads for itself and leaves the cache alone.
  if ("rollback" in db) return catalogQuery(db, viewer);
  const key = `${viewer.tier}:${viewer.isAdmin}`;
  const at = Date.now();
  const hit = cache.get(key);
  if (hit && at - hit.at < CATALOG_LIST_TTL_MS) return hit.rows;
  // Concurrent misses share one read; a failed read is not kept.
  const rows = catalogQuery(db, viewer).execute();
  cache.set(key, { at, rows });
  rows.catch(() => cache.get(key)?.rows === rows && cache.delete(key));
  return rows;
}

/**
 * GET /v1/datasets: the published datasets the viewer may see, by name. `origin` makes `detail_url` absolute
 * (APP_URL, or the origin the request came to).
 */
export async function listDatasets(db: DbOrTx, viewer: Viewer, origin: string): Promise<DatasetsListResponse> {
  const rows = await rowsFor(db, viewer);
  return {
    count: rows.length,
    datasets: rows.map((r) => ({
      dataset_id: r.id,
      name: r.name,
      description: r.description,
      source: { id: r.sourceId, name: r.sourceName },
      frequency: r.frequency,
      tags: r.tags,
      country: r.country,
      detail_url: detailUrl(origin, r.id),
    })),
  };
}
