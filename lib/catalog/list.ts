import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { catalogSources, datasets } from "@/db/schema";
import type { DatasetsListResponse } from "@/lib/schemas/catalog";
import { visibleTo, type Viewer } from "./visibility";

export const detailUrl = (origin: string, datasetId: string): string => `${origin}/v1/datasets/${encodeURIComponent(datasetId)}`;

/**
 * GET /v1/datasets: the published datasets the viewer may see, by name. `origin` makes `detail_url` absolute
 * (APP_URL, or the origin the request came to).
 */
export async function listDatasets(db: DbOrTx, viewer: Viewer, origin: string): Promise<DatasetsListResponse> {
  const rows = await db
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
