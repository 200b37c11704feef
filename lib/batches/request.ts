import { ApiError } from "@/lib/http/errors";
import { parseIdempotencyKey } from "@/lib/reports/request";
import { BATCH_MAX_ENTRIES, batchListQuerySchema, itemsQuerySchema, resultsFormatSchema, type ResultsFormat } from "@/lib/schemas/batches";

/** The `Idempotency-Key` of a batch: required, a UUID. */
export function requireIdempotencyKey(headers: Headers): string {
  const key = parseIdempotencyKey(headers);
  if (key === null) {
    throw new ApiError(400, "idempotency_key_requerido", {
      text: "Para crear un lote enviá el encabezado Idempotency-Key con un UUID nuevo: si reintentás con la misma clave y la misma lista, recibís el mismo lote.",
    });
  }
  return key;
}

/**
 * The body of POST /v1/batches: `cuits`, 1 to 1,000 entries (strings; a number is read as its digits, a DNI sent
 * as a JSON number), and an optional boolean `solo_cotizar`. Invalid entries are not an error here: each becomes an
 * `invalido` item, so that one typo does not refuse the other 999.
 */
export function parseBatchBody(body: unknown): { entries: string[]; quoteOnly: boolean } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ApiError(400, "body_invalido");
  const { cuits, solo_cotizar, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || (solo_cotizar !== undefined && typeof solo_cotizar !== "boolean")) {
    throw new ApiError(400, "body_invalido");
  }
  if (!Array.isArray(cuits) || cuits.length === 0) {
    throw new ApiError(400, "lote_vacio", { text: "Enviá en `cuits` una lista con al menos un CUIT o DNI." });
  }
  if (cuits.length > BATCH_MAX_ENTRIES) {
    throw new ApiError(400, "lote_demasiado_grande", {
      text: `Un lote admite hasta ${BATCH_MAX_ENTRIES.toLocaleString("es-AR")} CUIT o DNI; enviaste ${cuits.length.toLocaleString("es-AR")}. Dividilo en varios lotes.`,
      extra: { limite: BATCH_MAX_ENTRIES, recibidos: cuits.length },
    });
  }
  const entries = cuits.map((c) => {
    if (typeof c === "string") return c;
    if (typeof c === "number" && Number.isSafeInteger(c) && c >= 0) return String(c);
    throw new ApiError(400, "body_invalido");
  });
  return { entries, quoteOnly: solo_cotizar === true };
}

function pageQuery<S extends typeof itemsQuerySchema | typeof batchListQuerySchema>(schema: S, params: URLSearchParams, max: number) {
  const raw = { limit: params.get("limit") ?? undefined, offset: params.get("offset") ?? undefined };
  const parsed = schema.safeParse(raw);
  if (parsed.success && Object.values(raw).every((v) => v === undefined || /^\d+$/.test(v.trim()))) return parsed.data;
  const name = raw.limit !== undefined && !schema.shape.limit.safeParse(raw.limit).success ? "limit" : "offset";
  throw new ApiError(400, "parametro_invalido", {
    text: name === "limit" ? `El parámetro limit debe ser un entero entre 1 y ${max}.` : "El parámetro offset debe ser un entero mayor o igual a 0.",
    extra: { parameter: name },
  });
}

/** `limit` (1..1000, default 100) and `offset` of GET /v1/batches/{id}/items. */
export const parseItemsQuery = (params: URLSearchParams) => pageQuery(itemsQuerySchema, params, BATCH_MAX_ENTRIES);

/** `limit` (1..50, default 10) and `offset` of GET /v1/batches. */
export const parseBatchListQuery = (params: URLSearchParams) => pageQuery(batchListQuerySchema, params, 50);

/** `formato` of GET /v1/batches/{id}/results: csv (default), xlsx or ndjson. */
export function parseResultsFormat(params: URLSearchParams): ResultsFormat {
  const parsed = resultsFormatSchema.safeParse(params.get("formato") ?? "csv");
  if (parsed.success) return parsed.data;
  throw new ApiError(400, "parametro_invalido", { text: "El parámetro formato admite csv, xlsx o ndjson.", extra: { parameter: "formato" } });
}
