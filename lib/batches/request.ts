import { DomainError } from "@/lib/errors";
import { parseBody } from "@/lib/http/request";
import { batchPostBodySchema, type BatchPostBody } from "@/lib/schemas/batches";

/**
 * POST /v1/batches is parsed by its schemas (lib/schemas/batches.ts) in `apiRoute`; these read the same parts for
 * the web's batch action by the same schemas.
 */

/** Creating a batch needs the key; only a quote goes without. */
export const idempotencyKeyRequired = () =>
  new DomainError("idempotency_key_requerido", {
    text: "Para crear un lote enviá el encabezado Idempotency-Key con un UUID nuevo: si reintentás con la misma clave y la misma lista, recibís el mismo lote.",
  });

/** A parsed body as the services take it: the entries as text (a DNI sent as a JSON number, its digits). */
export const batchEntries = (body: BatchPostBody): { entries: string[]; quoteOnly: boolean } => ({
  entries: body.cuits.map(String),
  quoteOnly: body.solo_cotizar === true,
});

/** The body of POST /v1/batches, by its schema. */
export const parseBatchBody = (body: unknown) => batchEntries(parseBody(batchPostBodySchema, body));
