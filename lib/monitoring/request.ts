import type { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import {
  changesQuerySchema,
  deliveriesQuerySchema,
  eventsQuerySchema,
  watchListQuerySchema,
  watchPostBodySchema,
  webhookPostBodySchema,
} from "@/lib/schemas/monitoring";

/** A JSON body by its schema; anything else (extra fields included) is `400 body_invalido`. */
function body<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, "body_invalido");
  return parsed.data;
}

/** Query parameters by their schema; the first one at fault is named in `400 parametro_invalido`. */
function query<S extends z.ZodObject>(schema: S, params: URLSearchParams, texts: Record<string, string>): z.infer<S> {
  const raw = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, params.get(k) ?? undefined]));
  const parsed = schema.safeParse(raw);
  const wrongInteger = ["limit", "offset"].find((k) => raw[k] !== undefined && !/^\d+$/.test(String(raw[k]).trim()));
  if (parsed.success && !wrongInteger) return parsed.data;
  const name = wrongInteger ?? String(parsed.error?.issues[0]?.path[0] ?? "limit");
  throw new ApiError(400, "parametro_invalido", { text: texts[name] ?? `El parámetro ${name} no es válido.`, extra: { parameter: name } });
}

const PAGE_TEXTS = (max: number) => ({
  limit: `El parámetro limit debe ser un entero entre 1 y ${max}.`,
  offset: "El parámetro offset debe ser un entero mayor o igual a 0.",
});

export const parseWatchBody = (value: unknown) => body(watchPostBodySchema, value);
export const parseWebhookBody = (value: unknown) => body(webhookPostBodySchema, value);
export const parseWatchListQuery = (params: URLSearchParams) => query(watchListQuerySchema, params, PAGE_TEXTS(100));
export const parseDeliveriesQuery = (params: URLSearchParams) => query(deliveriesQuerySchema, params, PAGE_TEXTS(100));
export const parseChangesQuery = (params: URLSearchParams) => query(changesQuerySchema, params, {});
export const parseEventsQuery = (params: URLSearchParams) =>
  query(eventsQuerySchema, params, {
    ...PAGE_TEXTS(500),
    desde: "El parámetro desde debe ser el cursor que devolvió la página anterior.",
    tipo: "El parámetro tipo admite monitoreo.cambio, informe.generado, saldo.bajo o lote.completado.",
  });
