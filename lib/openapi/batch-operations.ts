import { z } from "zod";
import {
  batchCreatedSchema,
  batchItemsPageSchema,
  batchListQuerySchema,
  batchListSchema,
  batchPostBodySchema,
  batchQuoteSchema,
  batchSchema,
  itemsQuerySchema,
  resultsFormatSchema,
} from "@/lib/schemas/batches";
import type { Operation, Parameter } from "./operations";

const GATES = {
  401: ["unauthenticated"],
  403: ["account_suspended", "channel_disabled", "internal"],
} satisfies Operation["errors"];

const batchId: Parameter = { in: "path", name: "id", schema: z.string(), required: true, description: "The `lote_id`.", example: "lot_2v8Q0xY4cJm1Pz7kR" };
const page = (shape: typeof itemsQuerySchema.shape | typeof batchListQuerySchema.shape, max: number): Parameter[] => [
  { in: "query", name: "limit", schema: shape.limit, description: `Page size, 1 to ${max}.`, example: 10 },
  { in: "query", name: "offset", schema: shape.offset, description: "Items to skip.", example: 0 },
];

/** Batches of reports (issue 17): beyond the contract, under its conventions (DESIGN.md §9). */
export const BATCH_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/v1/batches",
    operationId: "createBatch",
    tag: "Reports",
    summary: "Generate the reports of a list of CUITs",
    description:
      "Starts a batch of 1 to 1,000 CUITs or DNIs and answers 202 at once; follow it with GET /v1/batches/{id}. Each item is charged exactly like a POST /v1/reports of that CUIT (`nuevo` 200, `actualizacion` 50, `no_resuelto` free), under the same per-CUIT lock, so a batch and a single call for the same CUIT never double-charge. A CUIT repeated in the list is generated once; an invalid entry is `invalido` and never charged; once the balance cannot pay an item it is `sin_saldo`, not charged, and the batch still completes. On the daily-cap model each item counts toward the cap. The whole batch is one request for the rate limits.\n\nThe `Idempotency-Key` is required: the same key and list return the same batch (`Idempotent-Replayed: true`); another list under that key is 409.\n\nWith `solo_cotizar: true` the answer is 200 with the quote only (the same rules as GET /v1/reports/quote): nothing is created or charged, and no key is needed.",
    access: "key",
    rateLimited: true,
    parameters: [
      {
        in: "header",
        name: "Idempotency-Key",
        schema: z.uuid(),
        description: "A UUID naming the batch, forever. Required unless `solo_cotizar`.",
        example: "0f8fad5b-d9cb-469f-a165-70867728950e",
      },
    ],
    requestBody: batchPostBodySchema,
    success: { status: 202, schema: batchCreatedSchema, description: "The batch was created (or, on a replay, found) and runs in the background.", replayHeader: true },
    alternative: { status: 200, schema: batchQuoteSchema, description: "`solo_cotizar`: the quote of the list." },
    errors: {
      400: ["body_invalido", "lote_vacio", "lote_demasiado_grande", "idempotency_key_requerido", "idempotency_key_invalido"],
      401: ["unauthenticated"],
      403: ["account_suspended", "channel_disabled", "forbidden", "internal"],
      409: ["idempotency_key_conflict"],
      429: ["rate_limited"],
      500: ["internal"],
    },
  },
  {
    method: "get",
    path: "/v1/batches",
    operationId: "listBatches",
    tag: "Reports",
    summary: "List the account's batches",
    description: "Most recent first, each with its progress. Page with `limit` and `offset`.",
    access: "key",
    rateLimited: true,
    parameters: page(batchListQuerySchema.shape, 50),
    success: { schema: batchListSchema, description: "One page of batches." },
    errors: { 400: ["parametro_invalido"], ...GATES, 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/batches/{id}",
    operationId: "getBatch",
    tag: "Reports",
    summary: "A batch's progress",
    description: "The batch's state and its items counted by outcome. Another account's batch, a missing one and a malformed id give the same 404.",
    access: "key",
    rateLimited: true,
    parameters: [batchId],
    success: { schema: batchSchema, description: "The batch." },
    errors: { ...GATES, 404: ["not_found"], 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/batches/{id}/items",
    operationId: "listBatchItems",
    tag: "Reports",
    summary: "A batch's items",
    description: "Each entry in list order with its outcome: the CUIT it resolved to, the report, what was charged, or why it was not run.",
    access: "key",
    rateLimited: true,
    parameters: [batchId, ...page(itemsQuerySchema.shape, 1000)],
    success: { schema: batchItemsPageSchema, description: "One page of items." },
    errors: { 400: ["parametro_invalido"], ...GATES, 404: ["not_found"], 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "post",
    path: "/v1/batches/{id}/cancel",
    operationId: "cancelBatch",
    tag: "Reports",
    summary: "Cancel a batch",
    description:
      "Items not yet started become `cancelado` and are never run or charged; items already running finish and are charged as usual. A finished batch is returned unchanged.",
    access: "key",
    rateLimited: true,
    parameters: [batchId],
    success: { schema: batchSchema, description: "The batch after the cancellation." },
    errors: { 401: ["unauthenticated"], 403: ["account_suspended", "channel_disabled", "forbidden", "internal"], 404: ["not_found"], 429: ["rate_limited"], 500: ["internal"] },
  },
  {
    method: "get",
    path: "/v1/batches/{id}/results",
    operationId: "getBatchResults",
    tag: "Reports",
    summary: "Download a batch's results",
    description:
      "One row per item, in list order, with the report's key figures: `posicion`, `entrada`, `cuit`, `status`, `informe_id`, `tipo_accion`, `costo_unidades`, `error`, `denominacion`, `estado_informe`, `situacion_bcra_maxima`, `deuda_total_miles_pesos`, `entidades_financieras`, `en_listas_riesgo_fiscal`, `es_importador`, `es_exportador`, `marcas`, `concursos` (empty or null when the section did not resolve). CSV (UTF-8 with BOM), XLSX or NDJSON (one JSON object per line, with those fields).",
    access: "key",
    rateLimited: true,
    parameters: [batchId, { in: "query", name: "formato", schema: resultsFormatSchema.default("csv"), description: "File format.", example: "xlsx" }],
    success: {
      schema: "file",
      description: "The results file, as an attachment.",
      media: { "text/csv": "text", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "binary", "application/x-ndjson": "text" },
    },
    errors: { 400: ["parametro_invalido"], ...GATES, 404: ["not_found"], 429: ["rate_limited"], 500: ["internal"] },
  },
];
