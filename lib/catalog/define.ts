import { eq } from "drizzle-orm";
import { z } from "zod";
import { withTransaction, type DbOrTx } from "@/db/client";
import { catalogSources, datasets, SOURCE_TABLES, sourceNameEnum, type Dataset } from "@/db/schema";
import { now } from "@/lib/clock";
import { planTierSchema } from "@/lib/schemas/billing";
import {
  aiMetadataSchema,
  columnTypeSchema,
  complianceNotesSchema,
  datasetSourceSchema,
  freshnessSlaSchema,
  snapshotFormatSchema,
  updatePatternSchema,
  type DatasetColumn,
} from "@/lib/schemas/catalog";
import { tableColumns, type PublishedColumn } from "./columns";
import { DERIVED_VIEWS } from "./views";

export const DATASET_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,79}$/;

/** Documentation of one column. Type and nullability are only declared for datasets published from files. */
const columnDocSchema = z.object({
  name: z.string(),
  description: z.string(),
  unit: z.string().nullable().optional(),
  sample_value: z.unknown().optional(),
  type: columnTypeSchema.optional(),
  nullable: z.boolean().optional(),
});

/** A catalog entry as code declares it (the demo catalog, tests). Publication state lives in the snapshots. */
export const datasetDefinitionSchema = z.object({
  id: z.string().regex(DATASET_ID_PATTERN),
  name: z.string().min(1),
  description: z.string().nullable(),
  source: datasetSourceSchema,
  frequency: z.string().nullable(),
  granularity: z.string().nullable(),
  historical_depth: z.string().nullable(),
  tags: z.array(z.string()).nullable(),
  country: z.string().nullable(),
  source_native_language: z.string().nullable(),
  update_pattern: updatePatternSchema.nullable(),
  freshness_sla: freshnessSlaSchema.nullable(),
  content_advisory: z.string().nullable(),
  compliance_notes: complianceNotesSchema.nullable(),
  ai_metadata: aiMetadataSchema.omit({ columns: true, last_updated: true }),
  columns: z.array(columnDocSchema),
  published: z.boolean(),
  visibility: z.enum(["public", "admin_only"]),
  min_tier: planTierSchema,
  parent_id: z.string().nullable(),
  engine_source: z.enum(sourceNameEnum.enumValues).nullable(),
  formats: z.array(snapshotFormatSchema).min(1),
});

export type DatasetDefinition = z.input<typeof datasetDefinitionSchema>;
type ColumnDoc = z.infer<typeof columnDocSchema>;

type ColumnSourceOf = Pick<Dataset, "id" | "engineSource" | "aiMetadata">;

/**
 * The columns a dataset publishes: its source table's (derived from the drizzle table, so new columns follow), its
 * view's, or, for a dataset published only from files, the ones its metadata declares.
 */
export function publishedColumns(dataset: ColumnSourceOf): PublishedColumn[] {
  if (dataset.engineSource) return tableColumns(SOURCE_TABLES[dataset.engineSource]);
  const view = DERIVED_VIEWS[dataset.id];
  if (view) return view.columns;
  return (dataset.aiMetadata.columns ?? []).map((c) => ({ name: c.name, type: c.type, nullable: c.nullable ?? true }));
}

/** `ai_metadata.columns` for what is published: each column's documentation, and a sample from the data if none. */
export function describeColumns(
  columns: readonly PublishedColumn[],
  docs: readonly Pick<ColumnDoc, "name" | "description" | "unit" | "sample_value">[],
  samples: Record<string, unknown> = {},
): DatasetColumn[] {
  const byName = new Map(docs.map((d) => [d.name, d]));
  return columns.map((c) => {
    const doc = byName.get(c.name);
    return {
      name: c.name,
      type: c.type,
      description: doc?.description ?? "Columna nueva de la fuente; todavía sin documentar.",
      unit: doc?.unit ?? null,
      sample_value: doc?.sample_value ?? jsonSample(samples[c.name]),
      nullable: c.nullable,
    };
  });
}

function jsonSample(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" && value.length > 120) return `${value.slice(0, 117)}...`;
  return value;
}

/**
 * Creates or updates a catalog entry from its definition. Publication state (snapshots, `last_updated`) is kept;
 * `ai_metadata.columns` is rebuilt from what the dataset publishes today.
 */
export async function upsertDataset(db: DbOrTx, definition: DatasetDefinition): Promise<void> {
  const def = datasetDefinitionSchema.parse(definition);
  await withTransaction(db, async (tx) => {
    await tx
      .insert(catalogSources)
      .values({ id: def.source.id, name: def.source.name })
      .onConflictDoUpdate({ target: catalogSources.id, set: { name: def.source.name } });
    const [existing] = await tx.select({ aiMetadata: datasets.aiMetadata }).from(datasets).where(eq(datasets.id, def.id));
    const declared = def.columns.map((c) => ({ ...c, type: c.type ?? "VARCHAR", nullable: c.nullable ?? true }));
    const columns = publishedColumns({ id: def.id, engineSource: def.engine_source, aiMetadata: { columns: declared } });
    const values = {
      name: def.name,
      description: def.description,
      catalogSourceId: def.source.id,
      frequency: def.frequency,
      granularity: def.granularity,
      historicalDepth: def.historical_depth,
      tags: def.tags,
      country: def.country,
      sourceNativeLanguage: def.source_native_language,
      updatePattern: def.update_pattern,
      freshnessSla: def.freshness_sla,
      contentAdvisory: def.content_advisory,
      complianceNotes: def.compliance_notes,
      aiMetadata: {
        ...def.ai_metadata,
        columns: describeColumns(columns, def.columns),
        last_updated: existing?.aiMetadata.last_updated ?? null,
      },
      published: def.published,
      visibility: def.visibility,
      minTier: def.min_tier,
      parentId: def.parent_id,
      engineSource: def.engine_source,
      formats: def.formats,
      updatedAt: now(),
    };
    await tx
      .insert(datasets)
      .values({ id: def.id, ...values })
      .onConflictDoUpdate({ target: datasets.id, set: values });
  });
}
