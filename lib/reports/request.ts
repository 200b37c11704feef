import { validateCuit } from "@/lib/cuit";
import { ApiError } from "@/lib/http/errors";
import { parsePagedQuery } from "@/lib/http/paging";
import { listQuerySchema } from "@/lib/schemas/reports";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `Idempotency-Key` header: absent, or a UUID (stored lowercase). */
export function parseIdempotencyKey(headers: Headers): string | null {
  const value = headers.get("idempotency-key");
  if (value === null) return null;
  if (!UUID.test(value.trim())) throw new ApiError(400, "idempotency_key_invalido");
  return value.trim().toLowerCase();
}

/** The body of POST /v1/reports: a JSON object whose only field is `cuit`, a string. */
export function parseGenerateBody(body: unknown): string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ApiError(400, "body_invalido");
  const { cuit, ...rest } = body as Record<string, unknown>;
  if (cuit === undefined || cuit === null || (typeof cuit === "string" && cuit.trim() === "")) throw new ApiError(400, "cuit_requerido");
  if (Object.keys(rest).length > 0) throw new ApiError(400, "body_invalido");
  if (typeof cuit !== "string") {
    throw new ApiError(400, "cuit_invalido", { text: "El CUIT debe enviarse como texto, por ejemplo \"30-50001091-2\".", extra: { reason: "formato" } });
  }
  return cuit;
}

/** The `cuit` of GET /v1/reports/quote: exactly 11 digits, no hyphens or dots, valid type and check digit. */
export function parseQuoteCuit(value: string | null): string {
  if (value === null || !/^\d{11}$/.test(value)) {
    throw new ApiError(400, "cuit_invalido", {
      text: "El parámetro cuit es obligatorio y lleva exactamente 11 dígitos, sin guiones ni puntos.",
      extra: { reason: "formato" },
    });
  }
  const check = validateCuit(value);
  if (!check.ok) throw new ApiError(400, "cuit_invalido", { text: check.message, extra: { reason: check.reason } });
  return check.cuit;
}

/** `limit` (1..50, default 10), `offset` (>= 0, default 0) and the `cuit` substring of GET /v1/reports. */
export function parseListQuery(params: URLSearchParams): { cuit?: string; limit: number; offset: number } {
  const query = parsePagedQuery(listQuerySchema, {
    cuit: params.get("cuit") ?? undefined,
    limit: params.get("limit") ?? undefined,
    offset: params.get("offset") ?? undefined,
  });
  let cuit = query.cuit?.replace(/[-\s]/g, "");
  if (cuit !== undefined && !/^\d*$/.test(cuit)) {
    throw new ApiError(400, "parametro_invalido", { text: "El filtro cuit admite solo dígitos y guiones.", extra: { parameter: "cuit" } });
  }
  if (cuit === "") cuit = undefined;
  return { cuit, limit: query.limit, offset: query.offset };
}
