import { z } from "zod";
import { balanceSchema } from "@/lib/schemas/billing";
import { datasetDetailSchema, datasetsListSchema } from "@/lib/schemas/catalog";
import { listQuerySchema, quoteSchema, reportListSchema, reportPostBodySchema, reportPostResponseSchema, reportSchema } from "@/lib/schemas/reports";

/**
 * The tools' input and output schemas, built from the API's own. MCP wants every output schema to be an object
 * at its root, while the API's schemas carry an OpenAPI id that would turn the root into a `$ref`: each output is
 * therefore a fresh object over the same fields (nested schemas keep their ids, as definitions).
 */
const rootObject = <S extends z.ZodRawShape>(schema: { shape: S }) => z.strictObject(schema.shape);

// Inputs: strict, so a misspelt argument (a `clave_idempotencia` typed wrong) is refused rather than ignored.
export const cuitInput = z.strictObject({
  cuit: z.string().min(1).describe("CUIT o CUIL de 11 dígitos, con o sin guiones (por ejemplo 30-50001091-2)."),
});

export const generateInput = z.strictObject({
  cuit: reportPostBodySchema.shape.cuit.describe(
    "CUIT o CUIL de 11 dígitos (con o sin guiones), o un DNI de 7 u 8 dígitos, que se resuelve a su CUIL.",
  ),
  clave_idempotencia: z
    .guid()
    .optional()
    .describe(
      "UUID que nombra esta operación para siempre: repetir la llamada con la misma clave devuelve el mismo informe sin volver a cobrar. Sin clave, cada llamada es una operación nueva.",
    ),
});

export const reportIdInput = z.strictObject({
  informe_id: z.string().min(1).describe("Id del informe (inf_…), como lo devuelven generar_informe y listar_informes."),
});

export const listInput = z.strictObject({
  limit: listQuerySchema.shape.limit.describe("Cuántos informes devolver, de 1 a 50 (10 si se omite)."),
  offset: listQuerySchema.shape.offset.describe("Cuántos saltear desde el más reciente (0 si se omite)."),
});

export const balanceInput = z.strictObject({});

export const searchInput = z.strictObject({
  texto: z
    .string()
    .max(200)
    .optional()
    .describe("Palabras a buscar en el id, el nombre, la descripción, las etiquetas y la fuente. Sin texto, lista todo el catálogo visible."),
});

export const datasetIdInput = z.strictObject({
  dataset_id: z.string().min(1).max(200).describe("Id del dataset, como lo devuelve buscar_datasets (por ejemplo bcra-central-deudores)."),
});

export const mcpQuotaSchema = z.strictObject({
  periodo: z.string().describe("Mes calendario de Buenos Aires (AAAA-MM) al que corresponde el conteo."),
  mensuales: z.number().int().min(0).nullable().describe("Consultas MCP por mes del plan: null es sin límite, 0 es sin acceso."),
  usadas: z.number().int().min(0).describe("Consultas MCP contadas este mes, incluida esta."),
  disponibles: z.number().int().min(0).nullable().describe("Consultas MCP que quedan este mes; null es sin límite."),
});

export const quoteOutput = rootObject(quoteSchema);
export const generateOutput = rootObject(reportPostResponseSchema);
export const reportOutput = rootObject(reportSchema);
export const listOutput = rootObject(reportListSchema);
export const balanceOutput = z.strictObject({ ...balanceSchema.shape, consultas_mcp: mcpQuotaSchema });
export const searchOutput = rootObject(datasetsListSchema);
export const datasetOutput = rootObject(datasetDetailSchema);

export type McpQuota = z.infer<typeof mcpQuotaSchema>;
