import { z } from "zod";

/**
 * The JSON the catalog keeps in its jsonb columns (db/schema/catalog.ts): the data layer's own shapes, which the API's
 * schemas (lib/schemas/catalog.ts) present as they are.
 */

export const columnTypeSchema = z
  .enum(["VARCHAR", "SMALLINT", "INTEGER", "BIGINT", "DOUBLE", "BOOLEAN", "DATE", "TIMESTAMP", "JSON"])
  .meta({ id: "ColumnType", description: "Logical type of a published column; DuckDB and Postgres spell it the same way." });

export const datasetColumnSchema = z
  .strictObject({
    name: z.string(),
    type: columnTypeSchema,
    description: z.string(),
    unit: z.string().nullable().optional(),
    sample_value: z.unknown().optional(),
    nullable: z.boolean().optional(),
  })
  .meta({ id: "DatasetColumn" });

export const exampleQuerySchema = z
  .strictObject({
    question: z.string(),
    approach: z.string(),
    polars: z.string().nullable().optional(),
    sql: z.string().nullable().optional(),
  })
  .meta({ id: "ExampleQuery" });

export const aiMetadataSchema = z
  .strictObject({
    llm_intro: z.string().nullable(),
    business_questions: z.array(z.string()).nullable(),
    example_queries: z.array(exampleQuerySchema).nullable(),
    methodology_notes: z.string().nullable(),
    gotchas: z.array(z.strictObject({ title: z.string(), detail: z.string() })).nullable(),
    related_datasets: z
      .array(z.strictObject({ id: z.string(), relation: z.string(), derived: z.boolean().optional() }))
      .nullable()
      .describe("`derived` is true when this dataset is a view derived from the related one and inherits its snapshot."),
    columns: z.array(datasetColumnSchema).nullable(),
    summary_columns: z.array(z.string()).nullable(),
    explorable_columns: z.array(z.string()).nullable(),
    last_updated: z.string().nullable(),
  })
  .meta({ id: "AiMetadata", description: "Documentation written for people and language models that query the snapshot." });

export const freshnessSlaSchema = z
  .strictObject({
    declared_frequency: z.enum(["daily", "weekly", "monthly", "quarterly", "annual", "irregular", "intraday"]),
    max_acceptable_lag_hours: z.number(),
  })
  .meta({ id: "FreshnessSla" });

export const complianceNotesSchema = z
  .strictObject({
    license: z.string(),
    commercial_use: z.enum(["ok", "restricted", "prohibited"]),
    attribution_required: z.string().nullable().optional(),
    notes: z.string().nullable().optional(),
  })
  .meta({ id: "ComplianceNotes" });

export type ColumnType = z.infer<typeof columnTypeSchema>;
export type DatasetColumn = z.infer<typeof datasetColumnSchema>;
export type AiMetadata = z.infer<typeof aiMetadataSchema>;
export type FreshnessSla = z.infer<typeof freshnessSlaSchema>;
export type ComplianceNotes = z.infer<typeof complianceNotesSchema>;
