import type { z } from "zod";
import { ApiError } from "./errors";

/**
 * Parses a listing's query (`limit` 1..50, `offset` >= 0, and whatever else `schema` takes) with one set of
 * messages: a value that is not a whole number, then one out of range, is `400 parametro_invalido` naming it.
 */
export function parsePagedQuery<S extends z.ZodType<{ limit: number; offset: number }>>(
  schema: S,
  raw: Record<string, string | undefined> & { limit?: string; offset?: string },
): z.output<S> {
  for (const name of ["limit", "offset"] as const) {
    const value = raw[name];
    if (value !== undefined && !/^\d+$/.test(value.trim())) {
      throw new ApiError(400, "parametro_invalido", {
        text: `El parámetro ${name} debe ser un número entero${name === "limit" ? " entre 1 y 50" : " mayor o igual a 0"}.`,
        extra: { parameter: name },
      });
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const name = String(parsed.error.issues[0].path[0]);
    throw new ApiError(400, "parametro_invalido", {
      text: `El parámetro ${name} está fuera de rango${name === "limit" ? " (1 a 50)" : ""}.`,
      extra: { parameter: name },
    });
  }
  return parsed.data;
}
