import { z } from "zod";
import {
  aiMetadataSchema,
  columnTypeSchema,
  complianceNotesSchema,
  freshnessSlaSchema,
} from "@/db/schema/catalog-json";
import { pageLimit, pageOffset, withCodes } from "./request";

export { aiMetadataSchema, columnTypeSchema, complianceNotesSchema, freshnessSlaSchema };
export type { AiMetadata, ColumnType, DatasetColumn, FreshnessSla } from "@/db/schema/catalog-json";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date as YYYY-MM-DD" });

export const datasetSourceSchema = z
  .strictObject({
    id: z.string().describe("Identifier of the publisher."),
    name: z.string().describe("Publisher's name."),
  })
  .meta({ id: "DatasetSource", description: "Who publishes the original data." });

export const datasetSummarySchema = z
  .strictObject({
    dataset_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    source: datasetSourceSchema,
    frequency: z.string().nullable().describe("How often the publisher updates it, in words."),
    tags: z.array(z.string()).nullable(),
    country: z.string().nullable().describe("ISO 3166-1 alpha-2 code."),
    detail_url: z.url().describe("Absolute URL of GET /v1/datasets/{id} for this dataset."),
  })
  .meta({
    id: "DatasetSummary",
    description: "One entry of the public catalog.",
    example: {
      dataset_id: "bcra-central-deudores",
      name: "Central de Deudores del Sistema Financiero",
      description: "Deudas de personas y empresas con bancos y entidades financieras, por entidad y situación.",
      source: { id: "bcra", name: "Banco Central de la República Argentina" },
      frequency: "mensual",
      tags: ["crédito", "deudores", "bcra"],
      country: "AR",
      detail_url: "https://legajo.example.com/v1/datasets/bcra-central-deudores",
    },
  });

export const datasetsListSchema = z
  .strictObject({
    count: z.number().int().min(0),
    datasets: z.array(datasetSummarySchema),
  })
  .meta({ id: "DatasetsListResponse", description: "The published datasets the caller may see." });

export const updatePatternSchema = z.enum(["incremental_append", "full_refresh", "scd2_snapshots"]);

export const datasetDetailSchema = z
  .strictObject({
    dataset_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    source: datasetSourceSchema,
    frequency: z.string().nullable(),
    granularity: z.string().nullable(),
    historical_depth: z.string().nullable(),
    tags: z.array(z.string()).nullable(),
    access: z.enum(["included_in_pro"]),
    country: z.string().nullable(),
    source_native_language: z.string().nullable(),
    update_pattern: updatePatternSchema.nullable(),
    freshness_sla: freshnessSlaSchema.nullable(),
    content_advisory: z.string().nullable(),
    compliance_notes: complianceNotesSchema.nullable(),
    snapshot_date: day.nullable().describe("Date of the current snapshot; a derived view inherits its parent's date."),
    row_count: z.number().int().min(0).nullable(),
    ai_metadata: aiMetadataSchema,
    updated_at: z.string(),
  })
  .meta({ id: "DatasetDetail", description: "Everything known about a dataset and its current snapshot." });

export const datasetNotFoundSchema = z
  .strictObject({ error: z.literal("dataset_not_found"), dataset_id: z.string() })
  .meta({ id: "DatasetNotFound", description: "Missing, unpublished, beyond the caller's plan, or admin-only: the same answer." });

export const snapshotFormatSchema = z.enum(["parquet", "csv"]).meta({ id: "SnapshotFormat" });

export const snapshotResponseSchema = z
  .strictObject({
    url: z.url().describe("Signed URL of the file, valid for expires_in_seconds."),
    expires_in_seconds: z.number().int().positive(),
    dataset_id: z.string(),
    format: snapshotFormatSchema,
    snapshot: z.strictObject({
      snapshot_at: day,
      rows_count: z.number().int().min(0).nullable(),
      file_size_bytes: z.number().int().min(0).nullable(),
    }),
  })
  .meta({
    id: "SnapshotResponse",
    description: "A time-limited link to the complete current snapshot, for warehouse ingestion.",
    example: {
      url: "https://legajo.example.com/files/datasets/bcra-central-deudores/12/bcra-central-deudores-2026-09-30.parquet?exp=1790000000&sig=…",
      expires_in_seconds: 3600,
      dataset_id: "bcra-central-deudores",
      format: "parquet",
      snapshot: { snapshot_at: "2026-09-30", rows_count: 5210, file_size_bytes: 148213 },
    },
  });

export const snapshotFileSchema = z
  .strictObject({
    formato: z.enum(["parquet", "csv", "manifest"]).describe("`manifest` is the snapshot's `manifest.json`."),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .meta({ id: "SnapshotFile", description: "One file of a snapshot; download it with `GET /v1/datasets/{id}/snapshot?fecha=…&format=…`." });

export const snapshotHistoryItemSchema = z
  .strictObject({
    snapshot_date: day,
    rows_count: z.number().int().min(0).nullable(),
    archivos: z.array(snapshotFileSchema),
    publicado_en: z.iso.datetime({ offset: true }).describe("When the snapshot became current."),
    actual: z.boolean().describe("True for the snapshot `GET /v1/datasets/{id}/snapshot` serves without `fecha`."),
  })
  .meta({ id: "SnapshotHistoryItem", description: "A published snapshot whose files are still kept." });

export const snapshotHistorySchema = z
  .strictObject({
    items: z.array(snapshotHistoryItemSchema),
    has_more: z.boolean().describe("True when more pages follow."),
  })
  .meta({ id: "SnapshotHistoryResponse", description: "The dataset's kept snapshots, newest first." });

export const historyQuerySchema = z.object({ limit: pageLimit(50, 10), offset: pageOffset() });

const FECHA_TEXT = "El parámetro fecha debe ser una fecha válida con el formato AAAA-MM-DD.";

/** A real calendar day as YYYY-MM-DD. */
const isDay = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

export const snapshotDateParamSchema = z
  .string({ error: FECHA_TEXT })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: FECHA_TEXT })
  .refine(isDay, { error: FECHA_TEXT })
  .describe("Date of a kept snapshot, YYYY-MM-DD.");

/** `format` of GET /v1/datasets/{id}/snapshot: the contract's formats, and the manifest beside them. */
export const snapshotLinkFormatSchema = z.enum(["parquet", "csv", "manifest"], {
  error: (issue) => `El formato ${String(issue.input)} no está disponible para este dataset. Probá con parquet.`,
});

/** The query of GET /v1/datasets/{id}/snapshot. A format that does not exist is `format_not_available`, as one the dataset lacks. */
export const snapshotQuerySchema = z.object({
  format: withCodes(
    snapshotLinkFormatSchema.default("parquet").meta({
      description: "File format; not every dataset has CSV. `manifest`: the snapshot's manifest.json.",
      example: "parquet",
    }),
    { invalid_value: { code: "format_not_available" } },
  ),
  fecha: snapshotDateParamSchema.optional().meta({ description: "Date (YYYY-MM-DD) of an older kept snapshot; absent, the current one.", example: "2026-08-31" }),
  redirect: z
    .literal("1", { error: "El parámetro redirect admite solo 1." })
    .optional()
    .meta({ description: "`1` answers 302 to the file instead of JSON.", example: "1" }),
});

export const manifestLinkResponseSchema = z
  .strictObject({
    url: z.url().describe("Signed URL of manifest.json, valid for expires_in_seconds."),
    expires_in_seconds: z.number().int().positive(),
    dataset_id: z.string(),
    format: z.literal("manifest"),
    snapshot: z.strictObject({
      snapshot_at: day,
      rows_count: z.number().int().min(0).nullable(),
      file_size_bytes: z.number().int().min(0),
    }),
  })
  .meta({ id: "ManifestLinkResponse", description: "A time-limited link to the snapshot's manifest.json (with `format=manifest`)." });

export const snapshotManifestSchema = z
  .strictObject({
    dataset_id: z.string(),
    snapshot_date: day,
    rows_count: z.number().int().min(0),
    columns: z.array(z.strictObject({ name: z.string(), type: columnTypeSchema, nullable: z.boolean() })),
    archivos: z.array(
      z.strictObject({
        nombre: z.string().describe("The file's name, as its download offers it."),
        formato: snapshotFormatSchema,
        bytes: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    ),
  })
  .meta({ id: "SnapshotManifest", description: "manifest.json: what one publication wrote, to check a downloaded file against." });

export type DatasetSummary = z.infer<typeof datasetSummarySchema>;
export type DatasetsListResponse = z.infer<typeof datasetsListSchema>;
export type DatasetDetail = z.infer<typeof datasetDetailSchema>;
export type SnapshotResponse = z.infer<typeof snapshotResponseSchema>;
export type SnapshotFormatName = z.infer<typeof snapshotFormatSchema>;
export type SnapshotHistoryItem = z.infer<typeof snapshotHistoryItemSchema>;
export type SnapshotHistory = z.infer<typeof snapshotHistorySchema>;
export type SnapshotManifest = z.infer<typeof snapshotManifestSchema>;
export type ManifestLinkResponse = z.infer<typeof manifestLinkResponseSchema>;
