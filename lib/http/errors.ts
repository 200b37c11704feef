import { DomainError, isErrorCode, standardText, type DomainErrorOptions, type ErrorCode } from "@/lib/errors";

/**
 * The one table from an error code to HTTP: its status, and the body key that carries its text (spec part 7: most
 * use `message`, four `mensaje`, three none). `wire` renames a code whose answer the contract spells otherwise.
 */
const HTTP = {
  cuit_requerido: { status: 400, key: null },
  cuit_invalido: { status: 400, key: "message" },
  body_invalido: { status: 400, key: null },
  idempotency_key_invalido: { status: 400, key: "message" },
  idempotency_key_requerido: { status: 400, key: "message" },
  format_not_available: { status: 400, key: "message" },
  parametro_invalido: { status: 400, key: "message" },
  unauthenticated: { status: 401, key: "message" },
  account_suspended: { status: 403, key: "message" },
  channel_disabled: { status: 403, key: "message" },
  forbidden: { status: 403, key: "message" },
  tier_required: { status: 403, key: "message" },
  plan_no_verificable: { status: 403, key: "message", wire: "internal" },
  not_found: { status: 404, key: "message" },
  dataset_not_found: { status: 404, key: null },
  generacion_en_curso: { status: 409, key: "mensaje" },
  idempotency_key_conflict: { status: 409, key: "mensaje" },
  informe_no_persistido: { status: 500, key: "mensaje" },
  saldo_insuficiente: { status: 402, key: "mensaje" },
  rate_limited: { status: 429, key: "message" },
  daily_limit_exceeded: { status: 429, key: "message" },
  internal: { status: 500, key: "message" },
  method_not_allowed: { status: 405, key: "message" },
  lote_vacio: { status: 400, key: "message" },
  lote_demasiado_grande: { status: 400, key: "message" },
  archivo_invalido: { status: 400, key: "message" },
  archivo_demasiado_grande: { status: 400, key: "message" },
  archivo_no_encontrado: { status: 400, key: "message" },
  formato_invalido: { status: 400, key: "message" },
  columna_vacia: { status: 400, key: "message" },
  limite_monitoreo: { status: 409, key: "message" },
  limite_webhooks: { status: 409, key: "message" },
  url_no_permitida: { status: 400, key: "message" },
  webhook_inactivo: { status: 409, key: "message" },
  email_registrado: { status: 409, key: "message" },
  enlace_invalido: { status: 400, key: "message" },
  enlace_vencido: { status: 400, key: "message" },
  key_limit_reached: { status: 409, key: "message" },
  pedido_ya_resuelto: { status: 409, key: "message" },
  demasiados_pedidos: { status: 409, key: "message" },
  plan_no_superior: { status: 409, key: "message" },
  solicitud_ya_atendida: { status: 409, key: "message" },
  publicacion_invalida: { status: 400, key: "message" },
  sin_datos_de_fuente: { status: 409, key: "message" },
  almacenamiento_no_disponible: { status: 502, key: "message" },
  bcra_no_disponible: { status: 502, key: "message" },
  bcra_respuesta_invalida: { status: 502, key: "message" },
  demo_no_cargada: { status: 409, key: "message" },
  comando_desconocido: { status: 400, key: "message" },
  argumento_invalido: { status: 400, key: "message" },
  argumento_faltante: { status: 400, key: "message" },
} as const satisfies Record<ErrorCode, { status: number; key: "message" | "mensaje" | null; wire?: string }>;

/** The HTTP status of a code. */
export const httpStatus = (code: ErrorCode): number => HTTP[code].status;

/** The body key that carries a code's text: `message`, `mensaje`, or none. */
export function textKeyOf(code: string): "message" | "mensaje" | null {
  return isErrorCode(code) ? HTTP[code].key : "message";
}

/** The `error` of a code's body. */
const wireCode = (code: ErrorCode): string => ("wire" in HTTP[code] ? (HTTP[code] as { wire: string }).wire : code);

/** A refusal of the HTTP layer itself, with headers of its own (`Allow`, `RateLimit-*`). Services throw `DomainError`. */
export class HttpError extends DomainError {
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, options: DomainErrorOptions & { headers?: Record<string, string> } = {}) {
    super(code, options);
    this.headers = options.headers ?? {};
  }
}

/** The JSON body: `error`, the text under its key (if the code has one), then the extra fields. */
export function errorBody(err: DomainError): Record<string, unknown> {
  const key = HTTP[err.code].key;
  // Spec part 7: a 500's message is always generic, whatever text it was thrown with; the text goes to the log.
  const text = err.code === "internal" ? standardText("internal") : err.message;
  return key === null ? { error: wireCode(err.code), ...err.extra } : { error: wireCode(err.code), [key]: text, ...err.extra };
}

export const internalError = () => new DomainError("internal");

/** A domain error as the contract's answer: its status, its body, `Retry-After` when it says when to retry. */
export function renderError(err: DomainError, headers: Record<string, string> = {}): Response {
  const retry: Record<string, string> = err.retryAfter !== undefined ? { "Retry-After": String(err.retryAfter) } : {};
  const own = err instanceof HttpError ? err.headers : {};
  return Response.json(errorBody(err), { status: httpStatus(err.code), headers: { ...retry, ...own, ...headers } });
}
