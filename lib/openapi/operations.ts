import { z } from "zod";
import { balanceSchema, pricesSchema } from "@/lib/schemas/billing";
import {
  datasetDetailSchema,
  datasetNotFoundSchema,
  datasetsListSchema,
  historyQuerySchema,
  manifestLinkResponseSchema,
  snapshotDateParamSchema,
  snapshotHistorySchema,
  snapshotLinkFormatSchema,
  snapshotResponseSchema,
} from "@/lib/schemas/catalog";
import { dcatCatalogSchema } from "@/lib/schemas/dcat";
import { SEARCH_MAX, SEARCH_MIN, searchResponseSchema } from "@/lib/schemas/search";
import type { DocumentedErrorCode } from "@/lib/schemas/errors";
import { BATCH_OPERATIONS } from "./batch-operations";
import { MONITORING_OPERATIONS } from "./monitoring-operations";
import {
  listQuerySchema,
  quoteSchema,
  reportListSchema,
  reportPostBodySchema,
  reportPostResponseSchema,
  reportSchema,
} from "@/lib/schemas/reports";

export type Access = "public" | "optional" | "key";

export interface Parameter {
  in: "query" | "path" | "header";
  name: string;
  schema: z.ZodType;
  required?: boolean;
  description: string;
  example?: unknown;
}

export interface Operation {
  method: "get" | "post" | "delete";
  path: string;
  operationId: string;
  tag: "Reports" | "Account" | "Catalog" | "Monitoring" | "Meta";
  summary: string;
  description: string;
  access: Access;
  /** Rate-limited operations document the RateLimit-* headers and 429. */
  rateLimited: boolean;
  parameters?: Parameter[];
  requestBody?: z.ZodType;
  success: {
    /** `file`: not JSON; `media` lists the content types (a file download). */
    schema: z.ZodType | "any-object" | "file";
    description: string;
    replayHeader?: boolean;
    /** 200 unless said (202: accepted, runs in the background). */
    status?: 201 | 202;
    media?: Record<string, "text" | "binary">;
  };
  /** A second success answer of another status (POST /v1/batches: the quote, beside the created batch). */
  alternative?: { status: 200; schema: z.ZodType; description: string };
  redirect?: string;
  errors: Partial<Record<400 | 401 | 402 | 403 | 404 | 409 | 429 | 500, DocumentedErrorCode[]>>;
}

const KEY_GATES: Operation["errors"] = {
  401: ["unauthenticated"],
  403: ["account_suspended", "channel_disabled", "internal"],
};
const reportId: Parameter = { in: "path", name: "id", schema: z.string(), required: true, description: "The `informe_id`.", example: "inf_2v8Q0xY4cJm1Pz7kR" };
const datasetId: Parameter = { in: "path", name: "id", schema: z.string(), required: true, description: "The dataset id.", example: "bcra-central-deudores" };
const listShape = listQuerySchema.shape;

/** The ten operations of the contract, and the catalog's own (DESIGN.md §9). Schemas are the ones the handlers parse and answer with. */
export const OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/v1/reports",
    operationId: "generateReport",
    tag: "Reports",
    summary: "Generate or update a report",
    description:
      "Builds the report of one CUIT (or DNI, resolved to a CUIL) and charges it: 200 units for the first report of the CUIT in the account (`nuevo`), 50 for any later one (`actualizacion`), whether or not the content changed. A report that no source knows (`no_resuelto`) is not charged. It is the only report endpoint that charges.\n\nSend an `Idempotency-Key` (a UUID) to make retries safe: repeating it with the same `cuit` returns the original response with `cache_hit: true`, without running or charging again; the key is kept forever. There is no time-based reuse: without a key, every POST runs and charges.\n\nWith a web session instead of a key, the call must come from the app's own origin.",
    access: "key",
    rateLimited: true,
    parameters: [
      {
        in: "header",
        name: "Idempotency-Key",
        schema: z.uuid(),
        description: "A UUID naming one logical operation of the account, forever.",
        example: "0f8fad5b-d9cb-469f-a165-70867728950e",
      },
    ],
    requestBody: reportPostBodySchema,
    success: { schema: reportPostResponseSchema, description: "The report, persisted, with what was charged.", replayHeader: true },
    errors: {
      400: ["cuit_requerido", "cuit_invalido", "body_invalido", "idempotency_key_invalido"],
      401: ["unauthenticated"],
      402: ["saldo_insuficiente"],
      403: ["account_suspended", "channel_disabled", "forbidden", "internal"],
      409: ["generacion_en_curso", "idempotency_key_conflict"],
      429: ["rate_limited", "daily_limit_exceeded"],
      500: ["internal", "informe_no_persistido"],
    },
  },
  {
    method: "get",
    path: "/v1/reports",
    operationId: "listReports",
    tag: "Reports",
    summary: "List the account's reports",
    description: "Most recent first. Reports with status `no_resuelto` are never listed. Page with `limit` and `offset`; `has_more` says whether more follow.",
    access: "key",
    rateLimited: true,
    parameters: [
      { in: "query", name: "cuit", schema: listShape.cuit, description: "Substring of the CUIT, with or without hyphens.", example: "30-5000" },
      { in: "query", name: "limit", schema: listShape.limit, description: "Page size, 1 to 50.", example: 10 },
      { in: "query", name: "offset", schema: listShape.offset, description: "Items to skip.", example: 0 },
    ],
    success: { schema: reportListSchema, description: "One page of reports." },
    errors: { 400: ["parametro_invalido"], ...KEY_GATES, 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/reports/quote",
    operationId: "quoteReport",
    tag: "Reports",
    summary: "Price of the next generation for a CUIT",
    description:
      "What a POST for this CUIT would be now (`nuevo` or `actualizacion`), its ceiling cost, and whether the balance covers it. A pure read: it spends nothing and can be called repeatedly.",
    access: "key",
    rateLimited: true,
    parameters: [
      { in: "query", name: "cuit", schema: z.string().regex(/^\d{11}$/), required: true, description: "CUIT, exactly 11 digits, no hyphens or dots.", example: "30500010912" },
    ],
    success: { schema: quoteSchema, description: "The quote." },
    errors: { 400: ["cuit_invalido"], ...KEY_GATES, 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/search",
    operationId: "searchNames",
    tag: "Reports",
    summary: "Find CUITs by name",
    description:
      "Taxpayers of the current ARCA padrón whose name matches `q`, best match first, at most 20, to quote and generate a report for. Matching is by trigrams: case, accents, punctuation and word order do not matter, and a typo still finds the name. Only public padrón data is returned (name, CUIT, kind of person, province). Free: it spends no units.",
    access: "key",
    rateLimited: true,
    parameters: [
      {
        in: "query",
        name: "q",
        schema: z.string().min(SEARCH_MIN).max(SEARCH_MAX),
        required: true,
        description: `Part of the name, ${SEARCH_MIN} to ${SEARCH_MAX} characters with at least three letters or digits in a row.`,
        example: "acme sa",
      },
    ],
    success: { schema: searchResponseSchema, description: "The matches." },
    errors: { 400: ["parametro_invalido"], ...KEY_GATES, 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/reports/{id}",
    operationId: "getReport",
    tag: "Reports",
    summary: "Fetch a report",
    description: "One of the account's reports (an admin reads any). Another account's report, a missing one and a malformed id give the same 404. No charge.",
    access: "key",
    rateLimited: true,
    parameters: [reportId],
    success: { schema: reportSchema, description: "The report." },
    errors: { ...KEY_GATES, 404: ["not_found"], 429: ["rate_limited"], 500: ["internal"] },
  },
  ...BATCH_OPERATIONS,
  ...MONITORING_OPERATIONS,
  {
    method: "get",
    path: "/v1/balance",
    operationId: "getBalance",
    tag: "Account",
    summary: "Account balance",
    description:
      "Both pockets: this month's plan allotment (`cupo`, spent first) and purchased packs (`comprado`, never expire), each also expressed as new reports and updates. Balance is bought through the web.",
    access: "key",
    rateLimited: true,
    success: { schema: balanceSchema, description: "The balance." },
    errors: { ...KEY_GATES, 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/prices",
    operationId: "getPrices",
    tag: "Account",
    summary: "Plans and report packs",
    description: "Current plans and the packs of reports on sale. Public.",
    access: "public",
    rateLimited: true,
    success: { schema: pricesSchema, description: "Current prices." },
    errors: { 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/datasets",
    operationId: "listDatasets",
    tag: "Catalog",
    summary: "The dataset catalog",
    description: "Every published dataset the caller may see. Public; a key or session may show datasets reserved to higher plans.",
    access: "optional",
    rateLimited: true,
    success: { schema: datasetsListSchema, description: "The catalog." },
    errors: { 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/datasets/{id}",
    operationId: "getDataset",
    tag: "Catalog",
    summary: "One dataset's detail",
    description:
      "Everything about a dataset and its current snapshot, with metadata written for people and language models. A missing, unpublished, above-plan or admin-only dataset gives the same 404. Public; a key or session may raise what is visible.",
    access: "optional",
    rateLimited: true,
    parameters: [datasetId],
    success: { schema: datasetDetailSchema, description: "The dataset." },
    errors: { 404: ["dataset_not_found"], 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/datasets/{id}/snapshot",
    operationId: "getDatasetSnapshot",
    tag: "Catalog",
    summary: "Signed URL of the current snapshot",
    description:
      "A time-limited (3600 s) signed URL to the complete current snapshot, in Parquet (default) or CSV, for loading into a warehouse. Plans Ultimate, Team and Enterprise, or an admin. With `redirect=1` the answer is a 302 to the file.\n\nWith `fecha` the link is to the kept snapshot of that date (see GET /v1/datasets/{id}/snapshots); of two publications of one date, the current one or else the latest. `format=manifest` signs the snapshot's `manifest.json` (each file's name, size and SHA-256, the columns and their types) and answers a ManifestLinkResponse; without it nothing changes.",
    access: "key",
    rateLimited: true,
    parameters: [
      datasetId,
      {
        in: "query",
        name: "format",
        schema: snapshotLinkFormatSchema.default("parquet"),
        description: "File format; not every dataset has CSV. `manifest`: the snapshot's manifest.json.",
        example: "parquet",
      },
      { in: "query", name: "fecha", schema: snapshotDateParamSchema, description: "Date (YYYY-MM-DD) of an older kept snapshot; absent, the current one.", example: "2026-08-31" },
      { in: "query", name: "redirect", schema: z.literal("1"), description: "`1` answers 302 to the file instead of JSON.", example: "1" },
    ],
    success: { schema: z.union([snapshotResponseSchema, manifestLinkResponseSchema]), description: "Where to download the snapshot (or, with `format=manifest`, its manifest)." },
    redirect: "With `redirect=1`: the signed URL in `Location`.",
    errors: {
      400: ["format_not_available", "parametro_invalido"],
      401: ["unauthenticated"],
      403: ["account_suspended", "tier_required", "internal"],
      404: ["not_found"],
      429: ["rate_limited"],
      500: ["internal"],
    },
  },
  {
    method: "get",
    path: "/v1/datasets/{id}/snapshots",
    operationId: "listDatasetSnapshots",
    tag: "Catalog",
    summary: "A dataset's snapshot history",
    description:
      "The dataset's kept snapshots, newest first (the current one first of all), each with its files' formats, sizes and SHA-256 and when it was published, so that an analysis can be reproduced on the data it used and a downloaded file checked. `CATALOG_RETENTION` snapshots are kept per dataset; older ones are deleted and no longer listed. Download one with GET /v1/datasets/{id}/snapshot?fecha=. Visible to whoever may see the dataset's detail; otherwise the same 404.",
    access: "optional",
    rateLimited: true,
    parameters: [
      datasetId,
      { in: "query", name: "limit", schema: historyQuerySchema.shape.limit, description: "Page size, 1 to 50.", example: 10 },
      { in: "query", name: "offset", schema: historyQuerySchema.shape.offset, description: "Items to skip.", example: 0 },
    ],
    success: { schema: snapshotHistorySchema, description: "One page of the history." },
    errors: { 400: ["parametro_invalido"], 404: ["dataset_not_found"], 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/catalog/data.json",
    operationId: "getDcatCatalog",
    tag: "Catalog",
    summary: "The catalog for harvesters (DCAT)",
    description:
      "The public catalog (what an anonymous caller sees) as `data.json` in the DCAT profile of datos.gob.ar (national metadata profile 1.2 over DCAT-AP), for portals and tools that harvest catalogs. Each dataset has one distribution per file of its current snapshot: `accessURL` is its public detail and `downloadURL` the download endpoint (a key of an eligible plan gets redirected to the file). Public.",
    access: "public",
    rateLimited: true,
    success: { schema: dcatCatalogSchema, description: "The catalog." },
    errors: { 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/openapi.json",
    operationId: "getOpenApi",
    tag: "Meta",
    summary: "This document",
    description: "The OpenAPI 3.0 description of the API. Public.",
    access: "public",
    rateLimited: false,
    success: { schema: "any-object", description: "The OpenAPI document." },
    errors: {},
  },
];

export { datasetNotFoundSchema };
