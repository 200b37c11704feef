import { z } from "zod";
import { reportStatusSchema, tipoAccionSchema } from "./reports";
import { idempotencyKeyHeader, pageLimit, pageOffset, withCodes } from "./request";

/** The most entries one batch takes. */
export const BATCH_MAX_ENTRIES = 1_000;

const isoTimestamp = z.string().describe("ISO 8601 timestamp.");
const units = z.number().int().min(0);
const count = z.number().int().min(0);

export const batchEstadoSchema = z.enum(["en_cola", "procesando", "completado", "cancelado"]).meta({
  id: "BatchEstado",
  description:
    "`en_cola`: accepted, no item started yet. `procesando`: items are running. `completado`: every item has its outcome. `cancelado`: stopped on request; items not yet started are `cancelado`.",
});

export const batchItemStatusSchema = z
  .enum(["pendiente", "procesando", "ok", "parcial", "no_resuelto", "invalido", "sin_saldo", "cancelado", "error"])
  .meta({
    id: "BatchItemStatus",
    description:
      "`pendiente`/`procesando`: not finished. `ok`, `parcial`, `no_resuelto`: the report's status. `invalido`: the entry is not a CUIT or DNI; never run or charged. `sin_saldo`: the balance (or the daily cap) could not pay it; not charged. `cancelado`: the batch was cancelled before it started. `error`: it failed repeatedly; not charged.",
  });

const LOTE_VACIO = "Enviá en `cuits` una lista con al menos un CUIT o DNI.";
const loteVacio = { code: "lote_vacio" } as const;
const entries = (list: unknown) => (Array.isArray(list) ? list.length : 0);
const esAR = (n: number) => n.toLocaleString("es-AR");

/**
 * `cuits`: 1 to 1,000 entries, strings (a DNI may come as a JSON number: its digits). Invalid entries are not an
 * error here: each becomes an `invalido` item, so that one typo does not refuse the other 999.
 */
const cuitsField = withCodes(
  z
    .array(z.union([z.string(), z.int().min(0)]), { error: LOTE_VACIO })
    .min(1, { error: LOTE_VACIO })
    .max(BATCH_MAX_ENTRIES, {
      error: (issue) =>
        `Un lote admite hasta ${esAR(BATCH_MAX_ENTRIES)} CUIT o DNI; enviaste ${esAR(entries(issue.input))}. Dividilo en varios lotes.`,
    })
    .meta({
      description: "1 to 1,000 entries, each a CUIT (11 digits, hyphens allowed) or a DNI (7-8 digits, resolved to a CUIL).",
      example: ["30-50001091-2", "20123456786", "12.345.678"],
    }),
  {
    missing: loteVacio,
    invalid_type: loteVacio,
    too_small: loteVacio,
    too_big: { code: "lote_demasiado_grande", extra: (issue) => ({ limite: BATCH_MAX_ENTRIES, recibidos: entries(issue.input) }) },
  },
);

export const batchPostBodySchema = z
  .strictObject({
    cuits: cuitsField,
    solo_cotizar: z.boolean().optional().describe("`true`: answer the quote only (200); nothing is created or charged."),
  })
  .meta({ id: "BatchPostBody" });

export const batchPostHeadersSchema = z.object({
  "Idempotency-Key": idempotencyKeyHeader("A UUID naming the batch, forever. Required unless `solo_cotizar`."),
});

export const batchQuoteSchema = z
  .strictObject({
    total: count.describe("Entries sent."),
    validos: count.describe("Entries that are a CUIT or a DNI, repeated ones included."),
    invalidos: count,
    duplicados: count.describe("Entries whose CUIT appears earlier in the list: generated once, charged once."),
    nuevos: count.describe("Distinct CUITs that would be a `nuevo` report (200 units each)."),
    actualizaciones: count.describe("Distinct CUITs already reported in the account: `actualizacion` (50 units each)."),
    costo_maximo_unidades: units.describe("Ceiling of the batch's cost: CUITs no source knows are not charged. 0 on the daily-cap model."),
    saldo: z.strictObject({
      cupo_disponible_unidades: units,
      saldo_comprado_unidades: units,
      disponible_informes_nuevos: units,
      disponible_actualizaciones: units,
    }),
    alcanza: z.boolean().describe("True when the balance (or what is left of the daily cap) covers every distinct CUIT."),
    mensaje: z.string().nullable().describe("Why it does not suffice, in customer language; the items it cannot pay end `sin_saldo`."),
    entradas_invalidas: z
      .array(z.strictObject({ posicion: z.number().int().min(1), entrada: z.string(), error: z.string() }))
      .describe("Every invalid entry, with the reason."),
  })
  .meta({ id: "BatchQuote", description: "What the batch would be and cost now, by the same rules as the single-report quote." });

export const batchCreatedSchema = z
  .strictObject({
    lote_id: z.string(),
    estado: batchEstadoSchema,
    total: count,
    cotizacion: batchQuoteSchema,
  })
  .meta({ id: "BatchCreated" });

export const batchSchema = z
  .strictObject({
    lote_id: z.string(),
    estado: batchEstadoSchema,
    total: count,
    procesados: count.describe("Items with a final outcome other than `cancelado`."),
    resueltos: count.describe("Items with a report `ok` or `parcial`."),
    no_resueltos: count,
    invalidos: count,
    sin_saldo: count,
    cancelados: count,
    errores: count,
    costo_unidades: units.describe("Units charged so far: the sum of the items' `costo_unidades`."),
    creado_en: isoTimestamp,
    terminado_en: isoTimestamp.nullable(),
  })
  .meta({ id: "Batch", description: "A batch and its progress." });

export const batchListSchema = z
  .strictObject({ items: z.array(batchSchema).max(50), has_more: z.boolean().describe("True when more pages follow.") })
  .meta({ id: "BatchListResponse" });

export const batchItemSchema = z
  .strictObject({
    posicion: z.number().int().min(1).describe("1-based position in the list sent."),
    entrada: z.string().describe("The entry as sent."),
    cuit: z.string().nullable().describe("The CUIT it resolved to; null when invalid."),
    informe_id: z.string().nullable(),
    status: batchItemStatusSchema,
    tipo_accion: tipoAccionSchema.nullable().describe("What was charged; null when nothing was."),
    costo_unidades: units,
    duplicado_de: z.number().int().min(1).nullable().describe("Position of the earlier entry with the same CUIT, whose report this one shares."),
    error: z.string().nullable().describe("Why the item was not run or not charged, in customer language."),
  })
  .meta({ id: "BatchItem" });

export const batchItemsPageSchema = z
  .strictObject({ items: z.array(batchItemSchema).max(BATCH_MAX_ENTRIES), has_more: z.boolean() })
  .meta({ id: "BatchItemsPage" });

export const itemsQuerySchema = z.object({ limit: pageLimit(BATCH_MAX_ENTRIES, 100), offset: pageOffset() });

export const batchListQuerySchema = z.object({ limit: pageLimit(50, 10), offset: pageOffset() });

export const resultsFormatSchema = z.enum(["csv", "xlsx", "ndjson"], { error: "El parámetro formato admite csv, xlsx o ndjson." });

export const resultsQuerySchema = z.object({
  formato: resultsFormatSchema.default("csv").meta({ description: "File format.", example: "xlsx" }),
});

/** One row of the results download: the item and the report's key figures. */
export const resultRowSchema = z
  .strictObject({
    posicion: z.number().int(),
    entrada: z.string(),
    cuit: z.string().nullable(),
    status: batchItemStatusSchema,
    informe_id: z.string().nullable(),
    tipo_accion: tipoAccionSchema.nullable(),
    costo_unidades: units,
    error: z.string().nullable(),
    denominacion: z.string().nullable(),
    estado_informe: reportStatusSchema.nullable(),
    situacion_bcra_maxima: z.number().int().nullable().describe("Worst BCRA situation (1-6) across entities; null without debts."),
    deuda_total_miles_pesos: z.number().nullable(),
    entidades_financieras: z.number().int().nullable(),
    en_listas_riesgo_fiscal: z.boolean().nullable(),
    es_importador: z.boolean().nullable(),
    es_exportador: z.boolean().nullable(),
    marcas: z.number().int().nullable(),
    concursos: z.number().int().nullable(),
  })
  .meta({ id: "BatchResultRow", description: "One line of the NDJSON download (and one row of the CSV and XLSX ones)." });

export type BatchPostBody = z.infer<typeof batchPostBodySchema>;
export type BatchQuote = z.infer<typeof batchQuoteSchema>;
export type BatchCreated = z.infer<typeof batchCreatedSchema>;
export type BatchView = z.infer<typeof batchSchema>;
export type BatchList = z.infer<typeof batchListSchema>;
export type BatchItemView = z.infer<typeof batchItemSchema>;
export type BatchItemsPage = z.infer<typeof batchItemsPageSchema>;
export type ResultsFormat = z.infer<typeof resultsFormatSchema>;
export type ResultRow = z.infer<typeof resultRowSchema>;
