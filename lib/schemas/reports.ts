import { z } from "zod";
import { idempotencyKeyHeader, pageLimit, pageOffset, withCodes } from "./request";
import { sectionsSchema } from "./sections";

const isoTimestamp = z.string().describe("ISO 8601 timestamp.");

export const reportStatusSchema = z
  .enum(["ok", "parcial", "no_resuelto"])
  .meta({
    id: "ReportStatus",
    description: "`ok`: every section resolved with real data. `parcial`: some did. `no_resuelto`: no source knew the CUIT; not charged.",
  });

export const tipoAccionSchema = z
  .enum(["nuevo", "actualizacion"])
  .meta({ id: "TipoAccion", description: "`nuevo`: first report of this CUIT for the account. `actualizacion`: a later one." });

export const denominacionOrigenSchema = z
  .enum(["padron", "concursos", "marcas", "cendeu"])
  .meta({ id: "DenominacionOrigen", description: "Where the name was resolved, in order of preference." });

export const cuitStringSchema = z.string().meta({ description: "CUIT or CUIL, 11 digits.", example: "30500010912" });

const reportFields = {
  cuit: cuitStringSchema.describe("The resolved CUIT/CUIL."),
  sections: sectionsSchema,
  status: reportStatusSchema,
  generated_at: isoTimestamp,
};

export const reportSchema = z
  .strictObject({ ...reportFields, informe_id: z.string() })
  .meta({ id: "ReportResult", description: "A report fetched by id." });

export const reportPostResponseSchema = z
  .strictObject({
    ...reportFields,
    informe_id: z.string().nullable().describe("Id of the persisted report."),
    cache_hit: z
      .boolean()
      .optional()
      .describe("True when this reuses an already persisted and charged report (an Idempotency-Key replay) without running the engine or charging."),
    tipo_accion: tipoAccionSchema.nullable().optional().describe("Null when nothing was bought (a `no_resuelto` report)."),
    costo_unidades: z.number().int().min(0).optional().describe("Units actually charged; never above the quote's ceiling."),
  })
  .meta({ id: "ReportPostResponse" });

/** A CUIT or DNI as a body sends it: text, not blank (absent, null or blank is `cuit_requerido`). */
export const cuitEntryField = (description: string) =>
  z
    .string({ error: 'El CUIT debe enviarse como texto, por ejemplo "30-50001091-2".' })
    .refine((s) => s.trim() !== "")
    .meta({ description, example: "30-50001091-2" });

export const reportPostBodySchema = z
  .strictObject({
    cuit: cuitEntryField("CUIT (11 digits, hyphens allowed) or DNI (7-8 digits, resolved to a CUIL). No other field is allowed."),
  })
  .meta({ id: "ReportPostBody" });

export const reportPostHeadersSchema = z.object({
  "Idempotency-Key": idempotencyKeyHeader("A UUID naming one logical operation of the account, forever."),
});

export const reportListItemSchema = z
  .strictObject({
    id: z.string(),
    cuit: z.string(),
    cuit_formateado: z.string().describe("NN-NNNNNNNN-N"),
    denominacion: z.string().nullable(),
    denominacion_origen: denominacionOrigenSchema.nullable(),
    status: reportStatusSchema,
    generated_at: isoTimestamp,
    created_at: isoTimestamp,
  })
  .meta({ id: "ReportListItem" });

export const reportListSchema = z
  .strictObject({
    items: z.array(reportListItemSchema).max(50),
    has_more: z.boolean().describe("True when more pages follow."),
  })
  .meta({ id: "ReportListResponse" });

/** The query of GET /v1/reports; `cuit` is read as its digits (none: no filter). */
export const listQuerySchema = z.object({
  cuit: withCodes(
    z
      .string()
      .regex(/^[\d\s-]*$/, { error: "El filtro cuit admite solo dígitos y guiones." })
      .transform((s) => s.replace(/[-\s]/g, "") || undefined)
      .optional()
      .meta({ description: "Substring of the CUIT, with or without hyphens.", example: "30-5000" }),
    // A filter, not a CUIT: not `cuit_invalido`.
    { invalid_format: { code: "parametro_invalido" } },
  ),
  limit: pageLimit(50, 10),
  offset: pageOffset(),
});

const QUOTE_CUIT_TEXT = "El parámetro cuit es obligatorio y lleva exactamente 11 dígitos, sin guiones ni puntos.";

/** The query of GET /v1/reports/quote: the CUIT's shape here, its type and check digit by the route. */
export const quoteQuerySchema = z.object({
  cuit: z
    .string({ error: QUOTE_CUIT_TEXT })
    .regex(/^\d{11}$/, { error: QUOTE_CUIT_TEXT })
    .meta({ description: "CUIT, exactly 11 digits, no hyphens or dots.", example: "30500010912" }),
});

export const quoteSchema = z
  .strictObject({
    cuit: z.string(),
    tipo_accion_estimado: tipoAccionSchema,
    costo_maximo_unidades: z.number().int().min(0).describe("Ceiling of the real cost of a following POST for this CUIT."),
    saldo: z.strictObject({
      cupo_disponible_unidades: z.number().int().min(0),
      saldo_comprado_unidades: z.number().int().min(0),
      disponible_informes_nuevos: z.number().int().min(0),
      disponible_actualizaciones: z.number().int().min(0),
    }),
    alcanza: z.boolean().describe("True when the allotment plus purchased balance covers costo_maximo_unidades."),
    mensaje: z.string().nullable().describe("Why it does not suffice, in customer language."),
  })
  .meta({ id: "ReportQuoteResponse" });

export type ReportPostResponse = z.infer<typeof reportPostResponseSchema>;
export type ReportResult = z.infer<typeof reportSchema>;
export type ReportListItem = z.infer<typeof reportListItemSchema>;
export type ReportList = z.infer<typeof reportListSchema>;
export type QuoteResponse = z.infer<typeof quoteSchema>;
