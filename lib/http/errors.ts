/**
 * Error codes of spec part 7 and the key that carries their text. Most use `message`; four use `mensaje`;
 * three carry no text at all. This table is the only place that decides it.
 */
const TEXT_KEY = {
  cuit_requerido: null,
  body_invalido: null,
  dataset_not_found: null,
  generacion_en_curso: "mensaje",
  idempotency_key_conflict: "mensaje",
  informe_no_persistido: "mensaje",
  saldo_insuficiente: "mensaje",
} as const satisfies Record<string, "mensaje" | null>;

const DEFAULT_TEXT: Record<string, string> = {
  cuit_invalido: "El CUIT no es válido.",
  idempotency_key_invalido: "El encabezado Idempotency-Key debe ser un UUID.",
  format_not_available: "Ese formato no está disponible para este dataset.",
  parametro_invalido: "Un parámetro de la consulta no es válido.",
  unauthenticated: "Se requiere una clave de API válida en Authorization: Bearer, o una sesión iniciada.",
  account_suspended: "La cuenta está suspendida. Escribinos para reactivarla.",
  channel_disabled: "Tu plan no incluye la API REST. Pasate a Ultimate, Team o Enterprise para usarla.",
  forbidden: "La solicitud viene de un origen no autorizado.",
  tier_required: "Tu plan no incluye este recurso.",
  not_found: "No encontrado.",
  generacion_en_curso: "Ya hay un informe en preparación para este CUIT. Reintentá en unos segundos.",
  idempotency_key_conflict: "Esta Idempotency-Key ya se usó para otro CUIT. Usá una clave nueva para cada operación.",
  informe_no_persistido: "El informe no pudo guardarse. No se descontó saldo; podés reintentar.",
  saldo_insuficiente: "Tu saldo no alcanza para este informe.",
  rate_limited: "Demasiadas solicitudes. Esperá unos segundos y reintentá.",
  daily_limit_exceeded: "Alcanzaste el límite diario de informes de tu cuenta.",
  internal: "Ocurrió un error interno.",
  method_not_allowed: "Método no permitido.",
};

export type ErrorCode = keyof typeof TEXT_KEY | (string & {});

/** The body key that carries a code's text: `message`, `mensaje`, or none. */
export function textKeyOf(code: string): "message" | "mensaje" | null {
  return code in TEXT_KEY ? TEXT_KEY[code as keyof typeof TEXT_KEY] : "message";
}

export interface ApiErrorOptions {
  /** Text for `message` or `mensaje`; defaults to the code's standard text. */
  text?: string;
  /** Extra body fields of the case (spec part 7). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Thrown anywhere below a route; `renderError` turns it into the contract's body. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    options: ApiErrorOptions = {},
  ) {
    super(options.text ?? DEFAULT_TEXT[code] ?? code);
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  /** The JSON body: `error`, the text under its key (if the code has one), then the extra fields. */
  body(): Record<string, unknown> {
    const key = textKeyOf(this.code);
    // Spec part 7: a 500's message is always generic, whatever text it was thrown with; the text goes to the log.
    const text = this.status >= 500 && this.code === "internal" ? DEFAULT_TEXT.internal : this.message;
    return key === null ? { error: this.code, ...this.extra } : { error: this.code, [key]: text, ...this.extra };
  }
}

export const internalError = () => new ApiError(500, "internal");

export function renderError(err: ApiError, headers: Record<string, string> = {}): Response {
  return Response.json(err.body(), { status: err.status, headers: { ...err.headers, ...headers } });
}
