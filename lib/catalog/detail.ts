import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { catalogSources, datasets, datasetSnapshots } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import type { AiMetadata, DatasetDetail } from "@/lib/schemas/catalog";
import { DATASET_ID_PATTERN } from "./define";
import { visibleTo, type Viewer } from "./visibility";

/** Missing, unpublished, above the viewer's plan or admin-only: one answer for all, so none is revealed. */
export const datasetNotFound = (datasetId: string) => new DomainError("dataset_not_found", { extra: { dataset_id: datasetId } });

/** Every key of spec 2.10 `ai_metadata`, null where the catalog has nothing to say. */
export function completeAiMetadata(stored: Partial<AiMetadata> | null | undefined): AiMetadata {
  const m = stored ?? {};
  return {
    llm_intro: m.llm_intro ?? null,
    business_questions: m.business_questions ?? null,
    example_queries: m.example_queries ?? null,
    methodology_notes: m.methodology_notes ?? null,
    gotchas: m.gotchas ?? null,
    related_datasets: m.related_datasets ?? null,
    columns: m.columns ?? null,
    summary_columns: m.summary_columns ?? null,
    explorable_columns: m.explorable_columns ?? null,
    last_updated: m.last_updated ?? null,
  };
}

/** GET /v1/datasets/{id}: spec 2.10, with the current snapshot's date and size. */
export async function getDatasetDetail(db: DbOrTx, viewer: Viewer, datasetId: string): Promise<DatasetDetail> {
  // No dataset has another shape; a NUL byte in a path id would even fail the query itself (invalid UTF-8 text).
  if (!DATASET_ID_PATTERN.test(datasetId)) throw datasetNotFound(datasetId);
  const [row] = await db
    .select({ dataset: datasets, sourceName: catalogSources.name, snapshotDate: datasetSnapshots.snapshotDate, rowCount: datasetSnapshots.rowCount })
    .from(datasets)
    .innerJoin(catalogSources, eq(catalogSources.id, datasets.catalogSourceId))
    .leftJoin(datasetSnapshots, and(eq(datasetSnapshots.datasetId, datasets.id), eq(datasetSnapshots.current, true)))
    .where(and(eq(datasets.id, datasetId), visibleTo(viewer)))
    .limit(1);
  if (!row) throw datasetNotFound(datasetId);
  const d = row.dataset;
  const ai = completeAiMetadata(d.aiMetadata);
  if (ai.related_datasets?.length) {
    // A related dataset the viewer may not see is left out rather than revealed by its id.
    const ids = ai.related_datasets.map((r) => r.id);
    const visible = await db
      .select({ id: datasets.id })
      .from(datasets)
      .where(and(inArray(datasets.id, ids), visibleTo(viewer)));
    const allowed = new Set(visible.map((v) => v.id));
    ai.related_datasets = ai.related_datasets.filter((r) => allowed.has(r.id));
  }
  return {
    dataset_id: d.id,
    name: d.name,
    description: d.description,
    source: { id: d.catalogSourceId, name: row.sourceName },
    frequency: d.frequency,
    granularity: d.granularity,
    historical_depth: d.historicalDepth,
    tags: d.tags,
    access: "included_in_pro",
    country: d.country,
    source_native_language: d.sourceNativeLanguage,
    update_pattern: d.updatePattern,
    freshness_sla: d.freshnessSla,
    content_advisory: d.contentAdvisory,
    compliance_notes: d.complianceNotes,
    snapshot_date: row.snapshotDate,
    row_count: row.rowCount,
    ai_metadata: ai,
    updated_at: d.updatedAt.toISOString(),
  };
}
